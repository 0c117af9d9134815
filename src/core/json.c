/* Recursive descent over the RFC 8259 grammar. Every error stops the parse,
 * frees what was built and says where (line) and what was expected. */
#include <errno.h>
#include <locale.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

typedef struct Parser {
    const char *p, *end;
    unsigned line;
    char *err;
    size_t err_size;
} Parser;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int
fail_at(Parser *ps, unsigned line, const char *fmt, ...)
{
    if (!ps->err_size)
        return -EINVAL;
    int n = snprintf(ps->err, ps->err_size, "line %u: ", line);
    if (n >= 0 && (size_t)n < ps->err_size) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(ps->err + n, ps->err_size - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return -EINVAL;
}

static int fail_unexpected(Parser *ps, const char *expected)
{
    if (ps->p == ps->end)
        return fail_at(ps, ps->line, "unexpected end of input, expected %s", expected);
    const unsigned char c = (unsigned char)*ps->p;
    if (c >= 0x20 && c < 0x7f)
        return fail_at(ps, ps->line, "unexpected '%c', expected %s", c, expected);
    return fail_at(ps, ps->line, "unexpected byte 0x%02x, expected %s", c, expected);
}

static int fail_no_memory(Parser *ps)
{
    fail_at(ps, ps->line, "out of memory");
    return -ENOMEM;
}

static void skip_whitespace(Parser *ps)
{
    for (; ps->p < ps->end; ps->p++) {
        if (*ps->p == '\n')
            ps->line++;
        else if (*ps->p != ' ' && *ps->p != '\t' && *ps->p != '\r')
            break;
    }
}

static bool next_is(Parser *ps, char c)
{
    return ps->p < ps->end && *ps->p == c;
}

/* The C library's strtod follows LC_NUMERIC; model files always use '.'. */
static locale_t c_numeric_locale;
static pthread_once_t c_numeric_locale_once = PTHREAD_ONCE_INIT;

static void create_c_numeric_locale(void)
{
    c_numeric_locale = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
}

static double strtod_c_locale(const char *s, char **end)
{
    pthread_once(&c_numeric_locale_once, create_c_numeric_locale);
    if (!c_numeric_locale)
        return strtod(s, end);
    locale_t previous = uselocale(c_numeric_locale);
    const double value = strtod(s, end);
    uselocale(previous);
    return value;
}

static const char *skip_digits(const char *p, const char *end)
{
    while (p < end && *p >= '0' && *p <= '9')
        p++;
    return p;
}

/* The end of the number starting at p, or NULL when its syntax is wrong. */
static const char *scan_number(const char *p, const char *end)
{
    if (p < end && *p == '-')
        p++;
    if (p == end || *p < '0' || *p > '9')
        return NULL;
    p = *p == '0' ? p + 1 : skip_digits(p, end);
    if (p < end && *p == '.') {
        const char *digits = p + 1;
        p = skip_digits(digits, end);
        if (p == digits)
            return NULL;
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        p++;
        if (p < end && (*p == '+' || *p == '-'))
            p++;
        const char *digits = p;
        p = skip_digits(digits, end);
        if (p == digits)
            return NULL;
    }
    return p;
}

/* Converts the n bytes at s, known to be a valid number; *text receives the
 * NUL-terminated copy when text is not NULL. */
static int convert_number(const char *s, size_t n, double *value, char **text)
{
    char *copy = malloc(n + 1);
    if (!copy)
        return -ENOMEM;
    memcpy(copy, s, n);
    copy[n] = '\0';
    char *stop;
    errno = 0;
    *value = strtod_c_locale(copy, &stop);
    int err = 0;
    if (stop != copy + n)
        err = -EINVAL;
    else if (errno == ERANGE && isinf(*value))
        err = -ERANGE;
    if (err || !text)
        free(copy);
    else
        *text = copy;
    return err;
}

int vmaf_json_read_number(const char *p, const char *end, double *value, const char **after)
{
    if (!p || !end || !value || !after)
        return -EINVAL;
    const char *stop = scan_number(p, end);
    if (!stop)
        return -EINVAL;
    int err = convert_number(p, (size_t)(stop - p), value, NULL);
    if (!err)
        *after = stop;
    return err;
}

static int parse_number(Parser *ps, VmafJsonValue *v)
{
    const char *stop = scan_number(ps->p, ps->end);
    if (!stop)
        return fail_at(ps, ps->line, "malformed number");
    int err = convert_number(ps->p, (size_t)(stop - ps->p), &v->u.number.value, &v->u.number.text);
    if (err == -ENOMEM)
        return fail_no_memory(ps);
    if (err)
        return fail_at(ps, ps->line, "number %.*s%s is out of range",
                       stop - ps->p > 40 ? 40 : (int)(stop - ps->p), ps->p,
                       stop - ps->p > 40 ? "..." : "");
    v->type = VMAF_JSON_NUMBER;
    ps->p = stop;
    return 0;
}

static int parse_literal(Parser *ps, VmafJsonValue *v, const char *word, enum VmafJsonType type,
                         bool boolean)
{
    const size_t n = strlen(word);
    if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n))
        return fail_unexpected(ps, "a value");
    ps->p += n;
    v->type = type;
    v->u.boolean = boolean;
    return 0;
}

static int hex4(const char *p, const char *end, unsigned *cp)
{
    if (end - p < 4)
        return -EINVAL;
    *cp = 0;
    for (int i = 0; i < 4; i++) {
        const char c = p[i];
        unsigned digit;
        if (c >= '0' && c <= '9')
            digit = (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f')
            digit = (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            digit = (unsigned)(c - 'A' + 10);
        else
            return -EINVAL;
        *cp = *cp << 4 | digit;
    }
    return 0;
}

static char *put_utf8(char *out, unsigned cp)
{
    if (cp < 0x80) {
        *out++ = (char)cp;
    } else if (cp < 0x800) {
        *out++ = (char)(0xc0 | cp >> 6);
        *out++ = (char)(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
        *out++ = (char)(0xe0 | cp >> 12);
        *out++ = (char)(0x80 | (cp >> 6 & 0x3f));
        *out++ = (char)(0x80 | (cp & 0x3f));
    } else {
        *out++ = (char)(0xf0 | cp >> 18);
        *out++ = (char)(0x80 | (cp >> 12 & 0x3f));
        *out++ = (char)(0x80 | (cp >> 6 & 0x3f));
        *out++ = (char)(0x80 | (cp & 0x3f));
    }
    return out;
}

/* Decodes the \u escape at *p (just after the 'u'), joining surrogate pairs. */
static int decode_unicode_escape(Parser *ps, const char **p, const char *end, unsigned *cp)
{
    if (hex4(*p, end, cp))
        return fail_at(ps, ps->line, "\\u must be followed by 4 hex digits");
    *p += 4;
    if (*cp >= 0xdc00 && *cp <= 0xdfff)
        return fail_at(ps, ps->line, "unpaired UTF-16 surrogate \\u%04x", *cp);
    if (*cp >= 0xd800 && *cp <= 0xdbff) {
        unsigned low;
        if (end - *p < 6 || (*p)[0] != '\\' || (*p)[1] != 'u' || hex4(*p + 2, end, &low) ||
            low < 0xdc00 || low > 0xdfff)
            return fail_at(ps, ps->line, "unpaired UTF-16 surrogate \\u%04x", *cp);
        *p += 6;
        *cp = 0x10000 + ((*cp - 0xd800) << 10) + (low - 0xdc00);
    }
    if (!*cp)
        return fail_at(ps, ps->line, "\\u0000 is not supported in strings");
    return 0;
}

static int decode_escape(Parser *ps, const char **p, const char *end, char **out)
{
    static const char plain[] = "\"\\/bfnrt", decoded[] = "\"\\/\b\f\n\r\t";
    const char c = *(*p)++;
    if (c == 'u') {
        unsigned cp = 0;
        int err = decode_unicode_escape(ps, p, end, &cp);
        if (!err)
            *out = put_utf8(*out, cp);
        return err;
    }
    const char *hit = c ? strchr(plain, c) : NULL;
    if (!hit)
        return fail_at(ps, ps->line, "invalid escape sequence in string");
    *(*out)++ = decoded[hit - plain];
    return 0;
}

/* ps->p is at the opening quote. */
static int parse_string(Parser *ps, char **data, size_t *len)
{
    const char *start = ps->p + 1, *close = start;
    while (close < ps->end && *close != '"')
        close += *close == '\\' && ps->end - close > 1 ? 2 : 1;
    if (close == ps->end)
        return fail_at(ps, ps->line, "unterminated string");

    /* Escapes only shrink: the raw length bounds the decoded one. */
    char *buf = malloc((size_t)(close - start) + 1), *out = buf;
    if (!buf)
        return fail_no_memory(ps);
    int err = 0;
    for (const char *p = start; !err && p < close;) {
        const unsigned char c = (unsigned char)*p;
        if (c < 0x20) {
            err = fail_at(ps, ps->line, "control character 0x%02x in string (must be escaped)", c);
        } else if (c == '\\') {
            p++;
            err = decode_escape(ps, &p, close, &out);
        } else {
            *out++ = *p++;
        }
    }
    if (err) {
        free(buf);
        return err;
    }
    *out = '\0';
    *data = buf;
    *len = (size_t)(out - buf);
    ps->p = close + 1;
    return 0;
}

/* Makes room for one more element of size elem in *buf. */
static int grow(void **buf, size_t *capacity, size_t cnt, size_t elem)
{
    if (cnt < *capacity)
        return 0;
    const size_t capacity2 = *capacity ? *capacity * 2 : 4;
    if (capacity2 > SIZE_MAX / elem)
        return -ENOMEM;
    void *b = realloc(*buf, capacity2 * elem);
    if (!b)
        return -ENOMEM;
    *buf = b;
    *capacity = capacity2;
    return 0;
}

static void free_contents(VmafJsonValue *v)
{
    switch (v->type) {
    case VMAF_JSON_NUMBER:
        free(v->u.number.text);
        break;
    case VMAF_JSON_STRING:
        free(v->u.string.data);
        break;
    case VMAF_JSON_ARRAY:
        for (size_t i = 0; i < v->u.array.cnt; i++)
            free_contents(&v->u.array.item[i]);
        free(v->u.array.item);
        break;
    case VMAF_JSON_OBJECT:
        for (size_t i = 0; i < v->u.object.cnt; i++) {
            free(v->u.object.member[i].key);
            free_contents(&v->u.object.member[i].value);
        }
        free(v->u.object.member);
        break;
    default:
        break;
    }
    v->type = VMAF_JSON_NULL;
}

static int parse_value(Parser *ps, VmafJsonValue *v, unsigned depth);

static int parse_array(Parser *ps, VmafJsonValue *v, unsigned depth)
{
    v->type = VMAF_JSON_ARRAY;
    v->u.array.item = NULL;
    v->u.array.cnt = 0;
    size_t capacity = 0;
    ps->p++;
    skip_whitespace(ps);
    if (next_is(ps, ']')) {
        ps->p++;
        return 0;
    }
    int err;
    for (;;) {
        if ((err = grow((void **)&v->u.array.item, &capacity, v->u.array.cnt,
                        sizeof(*v->u.array.item)))) {
            err = fail_no_memory(ps);
            break;
        }
        if ((err = parse_value(ps, &v->u.array.item[v->u.array.cnt], depth)))
            break;
        v->u.array.cnt++;
        skip_whitespace(ps);
        if (next_is(ps, ']')) {
            ps->p++;
            return 0;
        }
        if (!next_is(ps, ',')) {
            err = fail_unexpected(ps, "',' or ']'");
            break;
        }
        ps->p++;
    }
    free_contents(v);
    return err;
}

static int compare_member_keys(const void *a, const void *b)
{
    return strcmp((*(const VmafJsonMember *const *)a)->key,
                  (*(const VmafJsonMember *const *)b)->key);
}

/* Sorting finds duplicates in n log n even in a hostile file. */
static int check_unique_keys(Parser *ps, const VmafJsonValue *v)
{
    const size_t n = v->u.object.cnt;
    if (n < 2)
        return 0;
    const VmafJsonMember **sorted = malloc(n * sizeof(*sorted));
    if (!sorted)
        return fail_no_memory(ps);
    for (size_t i = 0; i < n; i++)
        sorted[i] = &v->u.object.member[i];
    qsort(sorted, n, sizeof(*sorted), compare_member_keys);
    int err = 0;
    for (size_t i = 1; !err && i < n; i++) {
        if (strcmp(sorted[i - 1]->key, sorted[i]->key))
            continue;
        const unsigned a = sorted[i - 1]->value.line, b = sorted[i]->value.line;
        err = fail_at(ps, a > b ? a : b, "duplicate key \"%.64s\"", sorted[i]->key);
    }
    free(sorted);
    return err;
}

static int parse_member(Parser *ps, VmafJsonMember *m, unsigned depth)
{
    size_t key_len;
    if (!next_is(ps, '"'))
        return fail_unexpected(ps, "a string key");
    int err = parse_string(ps, &m->key, &key_len);
    if (err)
        return err;
    skip_whitespace(ps);
    if (next_is(ps, ':')) {
        ps->p++;
        err = parse_value(ps, &m->value, depth);
    } else {
        err = fail_unexpected(ps, "':'");
    }
    if (err)
        free(m->key);
    return err;
}

static int parse_object(Parser *ps, VmafJsonValue *v, unsigned depth)
{
    v->type = VMAF_JSON_OBJECT;
    v->u.object.member = NULL;
    v->u.object.cnt = 0;
    size_t capacity = 0;
    ps->p++;
    skip_whitespace(ps);
    if (next_is(ps, '}')) {
        ps->p++;
        return 0;
    }
    int err;
    for (;;) {
        if ((err = grow((void **)&v->u.object.member, &capacity, v->u.object.cnt,
                        sizeof(*v->u.object.member)))) {
            err = fail_no_memory(ps);
            break;
        }
        skip_whitespace(ps);
        if ((err = parse_member(ps, &v->u.object.member[v->u.object.cnt], depth)))
            break;
        v->u.object.cnt++;
        skip_whitespace(ps);
        if (next_is(ps, '}')) {
            ps->p++;
            if (!(err = check_unique_keys(ps, v)))
                return 0;
            break;
        }
        if (!next_is(ps, ',')) {
            err = fail_unexpected(ps, "',' or '}'");
            break;
        }
        ps->p++;
    }
    free_contents(v);
    return err;
}

/* depth: the number of arrays and objects around v. On failure v owns
 * nothing. */
static int parse_value(Parser *ps, VmafJsonValue *v, unsigned depth)
{
    skip_whitespace(ps);
    v->type = VMAF_JSON_NULL;
    v->line = ps->line;
    if (ps->p == ps->end)
        return fail_unexpected(ps, "a value");
    const char c = *ps->p;
    if ((c == '[' || c == '{') && depth >= VMAF_JSON_MAX_DEPTH)
        return fail_at(ps, ps->line, "arrays and objects nested deeper than %d levels",
                       VMAF_JSON_MAX_DEPTH);
    switch (c) {
    case '[':
        return parse_array(ps, v, depth + 1);
    case '{':
        return parse_object(ps, v, depth + 1);
    case '"': {
        int err = parse_string(ps, &v->u.string.data, &v->u.string.len);
        if (!err)
            v->type = VMAF_JSON_STRING;
        return err;
    }
    case 't':
        return parse_literal(ps, v, "true", VMAF_JSON_BOOL, true);
    case 'f':
        return parse_literal(ps, v, "false", VMAF_JSON_BOOL, false);
    case 'n':
        return parse_literal(ps, v, "null", VMAF_JSON_NULL, false);
    default:
        if (c == '-' || (c >= '0' && c <= '9'))
            return parse_number(ps, v);
        return fail_unexpected(ps, "a value");
    }
}

int vmaf_json_parse(VmafJsonValue **root, const char *text, size_t len, char *err, size_t err_size)
{
    if (!root || (!text && len) || (!err && err_size))
        return -EINVAL;
    *root = NULL;
    if (err_size)
        err[0] = '\0';
    if (!text)
        text = "";
    Parser ps = {.p = text, .end = text + len, .line = 1, .err = err, .err_size = err_size};
    VmafJsonValue *v = malloc(sizeof(*v));
    if (!v)
        return fail_no_memory(&ps);
    int ret = parse_value(&ps, v, 0);
    if (!ret) {
        skip_whitespace(&ps);
        if (ps.p != ps.end)
            ret = fail_unexpected(&ps, "the end of input after the JSON value");
    }
    if (ret) {
        vmaf_json_free(v);
        return ret;
    }
    *root = v;
    return 0;
}

void vmaf_json_free(VmafJsonValue *root)
{
    if (!root)
        return;
    free_contents(root);
    free(root);
}

const VmafJsonValue *vmaf_json_get(const VmafJsonValue *object, const char *key)
{
    if (!object || object->type != VMAF_JSON_OBJECT || !key)
        return NULL;
    for (size_t i = 0; i < object->u.object.cnt; i++) {
        if (!strcmp(object->u.object.member[i].key, key))
            return &object->u.object.member[i].value;
    }
    return NULL;
}

const char *vmaf_json_type_name(enum VmafJsonType type)
{
    switch (type) {
    case VMAF_JSON_NULL:
        return "null";
    case VMAF_JSON_BOOL:
        return "boolean";
    case VMAF_JSON_NUMBER:
        return "number";
    case VMAF_JSON_STRING:
        return "string";
    case VMAF_JSON_ARRAY:
        return "array";
    case VMAF_JSON_OBJECT:
        return "object";
    }
    return "unknown";
}
