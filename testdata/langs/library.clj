;; A small library: every definition form the Clojure mapper knows.
(ns acme.library
  "Books, members and loans."
  (:require [clojure.string :as str]
            [clojure.set :refer [union]]
            (clojure [walk :as walk] [edn :as edn])
            [clojure.spec.alpha :as s])
  (:import (java.time LocalDate Duration)
           java.util.UUID))

(def ^:const max-loans 5)

(defonce ^:private registry (atom {}))

;; Leading comments are not part of a definition's range.
(defn book-title
  "The title of a book, trimmed."
  [book]
  (str/trim (:title book)))

^{:deprecated "2.0"}
(defn- overdue?
  ([loan] (overdue? loan (LocalDate/now)))
  ([loan ^LocalDate today]
   (.isAfter today (:due loan))))

(defmacro with-registry
  "Runs body with the registry bound; its template defines nothing here."
  [sym & body]
  `(let [~sym @registry]
     (defn ~'generated [] ~sym)
     ~@body))

(defmulti fee (fn [loan] (:kind loan)))

(defmethod fee :book [loan] (* 0.5 (:days loan)))

(defmethod fee :default
  [_]
  0)

(defprotocol Lendable
  "Things a member can borrow."
  (lend [item member] "Lends item to member.")
  (due-date [item] [item from]))

(defrecord Book [id title author]
  Lendable
  (lend [this member] (assoc this :member member))
  (due-date [this] (due-date this (LocalDate/now)))
  (due-date [_ from] (.plus ^LocalDate from (Duration/ofDays 21))))

(deftype Shelf [^long capacity ^:volatile-mutable books]
  clojure.lang.Counted
  (count [_] (count books)))

(definterface Catalog
  (lookup [^String id]))

(defstruct member :id :name)

(extend-protocol Lendable
  String
  (lend [s member] {:title s :member member})
  (due-date [_] nil))

(s/def ::isbn (s/and string? #(re-matches #"\d{13}" %)))

(comment
  (book-title {:title " Dune "}) ; a rich comment block: code to try, not to load
  (defn scratch [] \( \) \space \newline \u0041))

#_(defn discarded [] "never read")
#_#_(def one 1) (def two 2)

(when (System/getenv "DEBUG")
  (def debug? true))

(deftest book-title-test
  (is (= "Dune" (book-title {:title " Dune "}))))
