/* A fixed-size ring buffer. */
#ifndef RING_BUFFER_C
#define RING_BUFFER_C

#include <stdlib.h>
#include <string.h>
#include "ring_buffer.h"

#define RB_DEFAULT_CAPACITY 256
#define RB_NEXT(rb, i) (((i) + 1) % (rb)->capacity)

static const int kVersion = 3;
int rb_errors = 0, rb_warnings;

typedef unsigned char byte;
typedef void (*rb_callback)(const byte *data, size_t len);

/* One buffer. */
struct ring_buffer {
    byte *data;
    size_t capacity;
    size_t head, tail;
    union {
        int flags;
        unsigned raw;
    };
};

typedef struct {
    size_t reads;
    size_t writes;
} rb_stats;

enum rb_status {
    RB_OK = 0,
    RB_FULL,
    RB_EMPTY,
};

static int rb_grow(struct ring_buffer *rb, size_t min);

/* Creates a buffer of capacity bytes. */
struct ring_buffer *
rb_new(size_t capacity)
{
    struct ring_buffer *rb = calloc(1, sizeof *rb);
    if (!rb)
        return NULL;
    rb->capacity = capacity ? capacity : RB_DEFAULT_CAPACITY;
    return rb;
}

int rb_push(struct ring_buffer *rb, byte b)
{
    if (RB_NEXT(rb, rb->head) == rb->tail)
        return RB_FULL;
    rb->data[rb->head] = b;
    rb->head = RB_NEXT(rb, rb->head);
    return RB_OK;
}

#ifdef RB_DEBUG
void rb_dump(const struct ring_buffer *rb)
{
}
#endif

static int rb_grow(struct ring_buffer *rb, size_t min)
{
    (void)rb;
    return (int)min;
}

#endif /* RING_BUFFER_C */
