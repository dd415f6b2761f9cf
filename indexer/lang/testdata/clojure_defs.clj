;; The reference for clojure_diff_test.go: Clojure's own reader (LispReader through a
;; LineNumberingPushbackReader) reads each file named on the command line, form by form, and this
;; prints every definition form the way readmap's Clojure mapper defines one:
;;   FILE <path>                  before a file's definitions
;;   DEF <head> <name> <start> <end>   a definition: <end> is the line of its closing paren for a
;;                                top-level form, 0 for a nested one (the reader keeps no end lines)
;;   ERROR <message>              the reader rejected the file (the test leaves it out)
;; #= forms are evaluated (*read-eval* true): the files are Debian's and the fixtures, and encore
;; computes constants with them.
;; A definition is a list whose head symbol's name is a known def form or begins with "def" (not
;; "default" or "defer"), and whose second element is a symbol or keyword, or a reader
;; conditional whose first branch is one. Quoted forms are data; syntax-quote expands at read
;; time into calls that hold no such list. Reader conditionals are kept (:read-cond :preserve) and
;; every branch is walked. Its start line is the :line the reader puts on the list, which is the
;; line of a ^metadata prefix when there is one.
(ns clojure-defs
  (:import [clojure.lang LineNumberingPushbackReader LispReader$Resolver ReaderConditional]
           [java.io FileReader]))

(def known #{"def" "defonce" "defn" "defn-" "definline" "defmacro" "defmulti" "defmethod"
             "defprotocol" "definterface" "defrecord" "defstruct" "deftype" "deftype*"
             "defrecord*" "deftest" "extend-type" "extend-protocol" "ns"})

(def core-ns #{"clojure.core" "cljs.core"})

(defn def-head?
  "Whether a list's head symbol opens a definition, as readmap's cljHead decides."
  [head]
  (when (symbol? head)
    (let [ns (namespace head) n (name head)]
      (cond
        (#{"ns" "extend-type" "extend-protocol"} n) (or (nil? ns) (contains? core-ns ns))
        (known n) true
        :else (and (.startsWith ^String n "def")
                   (not (.startsWith ^String n "default"))
                   (not (.startsWith ^String n "defer")))))))

(defn def-name
  "The name of a definition from its second element, or nil."
  [x]
  (cond
    (symbol? x) (str x)
    (keyword? x) (str x)
    (instance? ReaderConditional x) (let [f (.-form ^ReaderConditional x)]
                                      (when (>= (count f) 2) (def-name (second f))))
    :else nil))

(defn walk
  "Prints the definitions in form x, depth first in source order, with an explicit stack so deep
  data cannot overflow it."
  [x top-end]
  (loop [stack (list [x top-end])]
    (when-let [[x end] (first stack)]
      (let [more (rest stack)
            kids (cond
                   (instance? ReaderConditional x) (let [f (.-form ^ReaderConditional x)]
                                                     (take-nth 2 (rest f)))
                   (seq? x) (let [head (first x)]
                              (cond
                                (= head 'quote) nil
                                (and (def-head? head) (def-name (second x)))
                                (do (println "DEF" (str head) (def-name (second x))
                                             (or (:line (meta x)) 0) end)
                                    (if (= (name head) "ns") nil (drop 2 x)))
                                :else x))
                   (map? x) (mapcat identity x)
                   (coll? x) (seq x)
                   :else nil)]
        (recur (concat (map (fn [k] [k 0]) kids) more))))))

(def resolver
  "Resolves every alias to itself, so ::alias/kw reads without the aliased namespace loaded."
  (reify LispReader$Resolver
    (currentNS [_] 'user)
    (resolveClass [_ s] s)
    (resolveAlias [_ s] s)
    (resolveVar [_ s] s)))

(defn read-file [path]
  (println "FILE" path)
  (try
    (with-open [rdr (LineNumberingPushbackReader. (FileReader. ^String path))]
      (binding [*read-eval* true
                *default-data-reader-fn* (fn [tag v] v)
                *reader-resolver* resolver]
        (let [out (java.io.StringWriter.)]
          (binding [*out* out]
            (loop []
              (let [x (read {:eof ::eof :read-cond :preserve} rdr)]
                (when-not (= x ::eof)
                  (walk x (.getLineNumber rdr))
                  (recur)))))
          (print (str out)))))
    (catch Throwable e
      (println "ERROR" (.replace (str (.getMessage e)) "\n" " ")))))

(doseq [path *command-line-args*]
  (read-file path))
(flush)
