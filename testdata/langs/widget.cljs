(ns acme.ui.widget
  (:require ["react" :as react]
            [reagent.core :as r]
            [acme.ui.theme :refer [colors]])
  (:require-macros [acme.ui.macros :refer [defcomponent]]))

(defonce state (r/atom {:open? false}))

(def default-style #js {:color "black" :padding "4px"})

(defn- toggle! []
  (swap! state update :open? not))

(defn panel
  "A panel that opens and closes."
  [{:keys [title]} & children]
  [:div {:style default-style :on-click toggle!}
   [:h2 title]
   (when (:open? @state)
     (into [:div] children))])

(defcomponent badge [text]
  [:span.badge text])

(defn ^:export init []
  (js/console.log "widget ready" ##Inf))
