(ns acme.platform
  (:require #?(:clj  [clojure.java.io :as io]
               :cljs [goog.string :as gstring])
            #?@(:clj [[clojure.core.async :as async]]))
  #?(:clj (:import (java.util.concurrent TimeUnit))))

(defn now-ms
  "Milliseconds since the epoch, on either platform."
  []
  #?(:clj  (System/currentTimeMillis)
     :cljs (.getTime (js/Date.))))

#?(:clj
   (defn sleep [ms]
     (.sleep TimeUnit/MILLISECONDS ms))
   :cljs
   (defn sleep [_ms]
     (throw (ex-info "no sleep in a browser" {}))))

#?(:cljs (def ^:private raf js/requestAnimationFrame))

(defn #?(:clj fmt :cljs ^string fmt) [s & args]
  #?(:clj (apply format s args) :cljs (apply gstring/format s args)))

#?@(:clj
    [(defmacro timed [& body]
       `(let [t# (now-ms)] ~@body (- (now-ms) t#)))
     (def platform :jvm)]
    :cljs
    [(def platform :js)])
