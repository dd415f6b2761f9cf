# Summaries of the sales export.
library(dplyr)
library(ggplot2)

sales <- read.csv("sales.csv")

by_region <- function(df) {
  df %>%
    group_by(region) %>%
    summarise(units = sum(units), revenue = sum(units * unit_price))
}

plot_revenue = function(summary, title = "Revenue by region") {
  ggplot(summary, aes(x = region, y = revenue)) +
    geom_col() +
    ggtitle(title)
}

top_products <- function(df, n = 3) {
  counts <- table(df$product)
  head(sort(counts, decreasing = TRUE), n)
}

print(plot_revenue(by_region(sales)))
