/* The JSON reader: valid documents, numbers, strings, and every kind of
 * broken input (which must fail cleanly, with the right line). */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "test.h"
#include "core/json.h"

static VmafJsonValue *parse_ok(const char *text)
{
    char err[256];
    VmafJsonValue *v = NULL;
    int ret = vmaf_json_parse(&v, text, strlen(text), err, sizeof(err));
    if (ret)
        fprintf(stderr, "unexpected failure on <%s>: %s\n", text, err);
    CHECK_EQ_INT(ret, 0);
    return v;
}

/* Fails, and the message starts with "line <line>:" and contains what. */
static void check_fails(const char *text, size_t len, unsigned line, const char *what)
{
    char err[256], prefix[32];
    VmafJsonValue *v = (VmafJsonValue *)&v;
    CHECK_EQ_INT(vmaf_json_parse(&v, text, len, err, sizeof(err)), -EINVAL);
    CHECK(v == NULL);
    snprintf(prefix, sizeof(prefix), "line %u: ", line);
    if (strncmp(err, prefix, strlen(prefix)) || !strstr(err, what)) {
        fprintf(stderr, "message \"%s\", expected \"%s...%s\"\n", err, prefix, what);
        test_failures++;
    }
}

static void fails(const char *text, unsigned line, const char *what)
{
    check_fails(text, strlen(text), line, what);
}

static void test_document(void)
{
    VmafJsonValue *v = parse_ok(" {\"a\": [1, -2.5e1, true, false, null, \"x\"],\n"
                                "  \"b\": {\"c\": {}}, \"d\": [] } ");
    CHECK(v && v->type == VMAF_JSON_OBJECT);
    if (!v)
        return;
    CHECK_EQ_INT(v->u.object.cnt, 3);
    const VmafJsonValue *a = vmaf_json_get(v, "a");
    CHECK(a && a->type == VMAF_JSON_ARRAY && a->u.array.cnt == 6);
    if (a && a->u.array.cnt == 6) {
        CHECK(a->u.array.item[0].u.number.value == 1.0);
        CHECK(a->u.array.item[1].u.number.value == -25.0);
        CHECK(!strcmp(a->u.array.item[1].u.number.text, "-2.5e1"));
        CHECK(a->u.array.item[2].type == VMAF_JSON_BOOL && a->u.array.item[2].u.boolean);
        CHECK(a->u.array.item[3].type == VMAF_JSON_BOOL && !a->u.array.item[3].u.boolean);
        CHECK(a->u.array.item[4].type == VMAF_JSON_NULL);
        CHECK(!strcmp(a->u.array.item[5].u.string.data, "x"));
    }
    const VmafJsonValue *b = vmaf_json_get(v, "b");
    CHECK(b && b->line == 2);
    CHECK(vmaf_json_get(vmaf_json_get(b, "c"), "x") == NULL);
    CHECK(vmaf_json_get(v, "nope") == NULL);
    CHECK(vmaf_json_get(a, "a") == NULL);
    CHECK_EQ_INT(vmaf_json_get(v, "d")->u.array.cnt, 0);
    vmaf_json_free(v);

    v = parse_ok("42");
    CHECK(v && v->type == VMAF_JSON_NUMBER && v->u.number.value == 42.0);
    vmaf_json_free(v);
    vmaf_json_free(NULL);
}

static double number(const char *text)
{
    VmafJsonValue *v = parse_ok(text);
    double d = v && v->type == VMAF_JSON_NUMBER ? v->u.number.value : NAN;
    vmaf_json_free(v);
    return d;
}

/* Each must be the double nearest to the decimal value (strtod's rounding),
 * not an accumulation of digits. */
static void test_numbers(void)
{
    CHECK(number("0.1") == 0.1);
    CHECK(number("-0") == 0.0 && signbit(number("-0")));
    CHECK(number("0.012020766332648465") == 0.012020766332648465);
    CHECK(number("-0.3092981927591963") == -0.3092981927591963);
    CHECK(number("2.2250738585072011e-308") == 2.2250738585072011e-308);
    CHECK(number("4.9406564584124654e-324") == 4.9406564584124654e-324);
    CHECK(number("1.7976931348623157e308") == 1.7976931348623157e308);
    /* Halfway between 1 and the next double, then just above it. */
    CHECK(number("1.00000000000000011102230246251565404236316680908203125") == 1.0);
    CHECK(number("1.00000000000000011102230246251565404236316680908203126") == 1.0000000000000002);
    CHECK(number("1E+2") == 100.0);
    CHECK(number("1e-2") == 0.01);
    CHECK(number("123456789012345678901234567890") == 1.2345678901234568e29);

    fails("1e400", 1, "out of range");
    fails("-1e400", 1, "out of range");
    fails("01", 1, "unexpected '1'");
    fails("1.", 1, "malformed number");
    fails(".5", 1, "unexpected '.'");
    fails("+1", 1, "unexpected '+'");
    fails("1e", 1, "malformed number");
    fails("1e+", 1, "malformed number");
    fails("-", 1, "malformed number");
    fails("0x10", 1, "unexpected 'x'");
    fails("NaN", 1, "unexpected 'N'");
    fails("Infinity", 1, "unexpected 'I'");
    fails("[1 2]", 1, "expected ',' or ']'");

    double d;
    const char *after, *s = "-4 1:0.5";
    CHECK_EQ_INT(vmaf_json_read_number(s, s + strlen(s), &d, &after), 0);
    CHECK(d == -4.0 && after == s + 2);
    s = "2.5:";
    CHECK_EQ_INT(vmaf_json_read_number(s, s + 3, &d, &after), 0);
    CHECK(d == 2.5 && after == s + 3);
    s = "abc";
    CHECK_EQ_INT(vmaf_json_read_number(s, s + 3, &d, &after), -EINVAL);
    s = "1e999";
    CHECK_EQ_INT(vmaf_json_read_number(s, s + 5, &d, &after), -ERANGE);
}

static void test_strings(void)
{
    VmafJsonValue *v =
        parse_ok("\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\\u0041\\u00e9\\u20ac\\ud83d\\ude00\"");
    CHECK(v && v->type == VMAF_JSON_STRING);
    if (v) {
        const char expected[] = "a\"b\\c/d\b\f\n\r\tA\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80";
        CHECK_EQ_INT(v->u.string.len, sizeof(expected) - 1);
        CHECK(!memcmp(v->u.string.data, expected, sizeof(expected)));
    }
    vmaf_json_free(v);

    fails("\"abc", 1, "unterminated string");
    fails("\"abc\\", 1, "unterminated string");
    fails("\"a\\x\"", 1, "invalid escape");
    fails("\"a\\u12\"", 1, "4 hex digits");
    fails("\"a\\u12G4\"", 1, "4 hex digits");
    fails("\"\\ud83d\"", 1, "unpaired UTF-16 surrogate");
    fails("\"\\ude00\"", 1, "unpaired UTF-16 surrogate");
    fails("\"\\ud83d\\u0041\"", 1, "unpaired UTF-16 surrogate");
    fails("\"a\\u0000\"", 1, "\\u0000 is not supported");
    fails("\n\"a\nb\"", 2, "control character 0x0a");
    fails("\"a\tb\"", 1, "control character 0x09");
}

static void test_errors(void)
{
    fails("", 1, "unexpected end of input");
    fails("   \n\n ", 3, "unexpected end of input");
    fails("{\"a\": 1,\n\"b\": 2,\n}", 3, "expected a string key");
    fails("{\"a\" 1}", 1, "expected ':'");
    fails("{\"a\": 1 \"b\": 2}", 1, "expected ',' or '}'");
    fails("{1: 2}", 1, "expected a string key");
    fails("[1,]", 1, "expected a value");
    fails("[,1]", 1, "expected a value");
    fails("{\"a\": 1}\n}", 2, "after the JSON value");
    fails("{\"a\": 1} {}", 1, "after the JSON value");
    fails("tru", 1, "expected a value");
    fails("nul", 1, "expected a value");
    fails("[true false]", 1, "expected ',' or ']'");
    fails("{\"a\": 1,\n \"b\": 2,\n \"a\": 3}", 3, "duplicate key \"a\"");
    fails("{\"x\": {\"k\": 1, \"k\": 1}}", 1, "duplicate key \"k\"");
    fails("\xef\xbb\xbf{}", 1, "unexpected byte 0xef");
    check_fails("[1,\0 2]", 7, 1, "unexpected byte 0x00");
}

static void test_prefix_is_whole_document(void)
{
    VmafJsonValue *v = NULL;
    char err[64];
    CHECK_EQ_INT(vmaf_json_parse(&v, "[1] trailing", 3, err, sizeof(err)), 0);
    vmaf_json_free(v);
    CHECK_EQ_INT(vmaf_json_parse(&v, NULL, 0, err, sizeof(err)), -EINVAL);
    CHECK_EQ_INT(vmaf_json_parse(&v, "[]", 2, NULL, 0), 0);
    vmaf_json_free(v);
    CHECK_EQ_INT(vmaf_json_parse(&v, "[", 1, NULL, 0), -EINVAL);
    CHECK_EQ_INT(vmaf_json_parse(NULL, "[]", 2, NULL, 0), -EINVAL);
}

static char *nested(unsigned depth, char open, char close)
{
    char *s = malloc(2 * depth + 1);
    memset(s, open, depth);
    memset(s + depth, close, depth);
    s[2 * depth] = '\0';
    return s;
}

static void test_deep_nesting(void)
{
    char *ok = nested(VMAF_JSON_MAX_DEPTH, '[', ']');
    VmafJsonValue *v = parse_ok(ok);
    vmaf_json_free(v);
    free(ok);

    char *deep = nested(VMAF_JSON_MAX_DEPTH + 1, '[', ']');
    fails(deep, 1, "nested deeper than 64");
    free(deep);

    /* Far deeper than any stack allows if the limit did not hold. */
    char *huge = nested(1000000, '[', ']');
    fails(huge, 1, "nested deeper than 64");
    free(huge);

    char objects[1024] = "";
    for (int i = 0; i <= VMAF_JSON_MAX_DEPTH; i++)
        strcat(objects, "{\"a\":");
    strcat(objects, "1");
    for (int i = 0; i <= VMAF_JSON_MAX_DEPTH; i++)
        strcat(objects, "}");
    fails(objects, 1, "nested deeper than 64");
}

/* Every proper prefix of a document that ends in a bracket is incomplete. */
static void test_truncated(void)
{
    const char *doc = "{\"model_dict\": {\"slopes\": [0.5, -1e-3, 2],\n"
                      "\"s\": \"t\\u00e9xt\\n\", \"b\": [true, false, null], \"o\": {}}}";
    const size_t n = strlen(doc);
    for (size_t len = 0; len < n; len++) {
        VmafJsonValue *v = NULL;
        char err[256];
        CHECK_EQ_INT(vmaf_json_parse(&v, doc, len, err, sizeof(err)), -EINVAL);
        CHECK(v == NULL);
        CHECK(!strncmp(err, "line ", 5));
    }
    vmaf_json_free(parse_ok(doc));
}

/* Random bytes and random mutations of a model-like document: the parser
 * must return (0 or -EINVAL) and never crash or leak (run under ASan). */
static void test_garbage(void)
{
    const char *doc = "{\"param_dict\": {\"C\": 4.0, \"score_clip\": [0.0, 100.0]},\n"
                      " \"model_dict\": {\"model\": \"svm_type nu_svr\\nSV\\n\", \"names\": "
                      "[\"a\", \"b\"], \"t\": {\"enabled\": true, \"p0\": null}}}";
    const size_t n = strlen(doc);
    char buf[512];
    uint32_t seed = 12345;
    unsigned accepted = 0;
    for (int round = 0; round < 20000; round++) {
        memcpy(buf, doc, n);
        const int edits = 1 + round % 4;
        for (int e = 0; e < edits; e++) {
            seed = seed * 1664525u + 1013904223u;
            const size_t at = (seed >> 8) % n;
            seed = seed * 1664525u + 1013904223u;
            buf[at] = (char)(seed >> 24);
        }
        seed = seed * 1664525u + 1013904223u;
        const size_t len = round % 3 ? n : (seed >> 8) % (n + 1);
        VmafJsonValue *v = NULL;
        char err[128];
        const int ret = vmaf_json_parse(&v, buf, len, err, sizeof(err));
        CHECK(ret == 0 || ret == -EINVAL);
        CHECK((ret == 0) == (v != NULL));
        accepted += ret == 0;
        vmaf_json_free(v);
    }
    for (int round = 0; round < 2000; round++) {
        for (size_t i = 0; i < sizeof(buf); i++) {
            seed = seed * 1664525u + 1013904223u;
            buf[i] = (char)(seed >> 24);
        }
        VmafJsonValue *v = NULL;
        const int ret = vmaf_json_parse(&v, buf, sizeof(buf), NULL, 0);
        CHECK(ret == -EINVAL);
        vmaf_json_free(v);
    }
    CHECK(accepted > 0); /* some mutations only touch string contents */
}

TEST_MAIN("json", {"document", test_document}, {"numbers", test_numbers}, {"strings", test_strings},
          {"errors", test_errors}, {"prefix_is_whole_document", test_prefix_is_whole_document},
          {"deep_nesting", test_deep_nesting}, {"truncated", test_truncated},
          {"garbage", test_garbage})
