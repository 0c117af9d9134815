/* A small strict JSON (RFC 8259) reader for model files. It builds a tree;
 * every value remembers the line it starts on so that callers can point at
 * the offending spot in their messages. */
#ifndef VMAF_CORE_JSON_H
#define VMAF_CORE_JSON_H

#include <stdbool.h>
#include <stddef.h>

/* Arrays and objects nested deeper than this are rejected, which bounds the
 * recursion of the parser (model files nest 6 levels). */
#define VMAF_JSON_MAX_DEPTH 64

enum VmafJsonType {
    VMAF_JSON_NULL,
    VMAF_JSON_BOOL,
    VMAF_JSON_NUMBER,
    VMAF_JSON_STRING,
    VMAF_JSON_ARRAY,
    VMAF_JSON_OBJECT,
};

typedef struct VmafJsonValue VmafJsonValue;
typedef struct VmafJsonMember VmafJsonMember;

struct VmafJsonValue {
    enum VmafJsonType type;
    unsigned line; /* 1-based line of the value's first character */
    union {
        bool boolean;
        struct {
            double value; /* correctly rounded (strtod) */
            char *text;   /* as written in the file */
        } number;
        struct {
            char *data; /* UTF-8, NUL-terminated; \u0000 is rejected */
            size_t len;
        } string;
        struct {
            VmafJsonValue *item;
            size_t cnt;
        } array;
        struct {
            VmafJsonMember *member; /* in file order; keys are unique */
            size_t cnt;
        } object;
    } u;
};

struct VmafJsonMember {
    char *key;
    VmafJsonValue value;
};

/* Parses the len bytes at text (no terminating NUL needed) into *root. On
 * failure returns -EINVAL (or -ENOMEM) and writes "line N: what is wrong"
 * into err (err_size bytes). */
int vmaf_json_parse(VmafJsonValue **root, const char *text, size_t len, char *err, size_t err_size);
void vmaf_json_free(VmafJsonValue *root);

/* The value of key in object, or NULL (also when object is not an object). */
const VmafJsonValue *vmaf_json_get(const VmafJsonValue *object, const char *key);

/* "null", "boolean", "number", "string", "array" or "object". */
const char *vmaf_json_type_name(enum VmafJsonType type);

/* Reads one number in JSON syntax from [p, end): the same grammar and
 * rounding as the parser, independent of the process locale. Returns the
 * first byte after it in *after; -EINVAL when no valid number starts at p,
 * -ERANGE when it overflows a double. */
int vmaf_json_read_number(const char *p, const char *end, double *value, const char **after);

#endif
