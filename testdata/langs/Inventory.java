package com.example.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import static java.util.Objects.requireNonNull;

/**
 * Tracks items in stock.
 */
@Service
@Transactional(readOnly = true)
public class Inventory implements Iterable<Item> {
    public static final int MAX_ITEMS = 10_000;
    private final List<Item> items = new ArrayList<>();
    private int reads, writes;

    /** Creates an empty inventory. */
    @Inject
    public Inventory() {
    }

    @Override
    public java.util.Iterator<Item> iterator() {
        return items.iterator();
    }

    /**
     * Adds an item.
     */
    @Transactional
    public void add(
            Item item,
            int quantity) {
        items.add(requireNonNull(item));
    }

    protected abstract Map<String, Integer> counts();

    public enum Category {
        FOOD("f"),
        TOOLS("t");

        private final String code;

        Category(String code) {
            this.code = code;
        }

        public String code() {
            return code;
        }
    }

    interface Listener {
        void changed(Item item);
    }

    static class Snapshot {
        final long at = System.nanoTime();
    }
}

record Item(String name, int price) {
    Item {
        requireNonNull(name);
    }
}

@interface Audited {
    String value() default "";
}
