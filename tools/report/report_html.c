/* The report as one HTML page that needs nothing but a browser: uPlot and
 * the page's script and style inside it, the data (with the pictures as
 * data: URLs) in a JSON script element the page's script draws from, and a
 * content security policy that forbids every request. */
#include "report/report_assets.h"
#include "report_internal.h"

static void write_asset(FILE *f, const ReportAsset *a)
{
    fwrite(a->text, 1, a->len, f);
}

void report_write_html(const Report *rep, FILE *f)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
          "img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
          "<title>VMAF report</title>\n<style>\n",
          f);
    write_asset(f, &report_asset_uplot_css);
    fputs("\n</style>\n<style>\n", f);
    write_asset(f, &report_asset_report_css);
    fputs("\n</style>\n</head>\n<body>\n<main id=\"report\">\n"
          "<noscript>The charts of this report need JavaScript; its data is in the "
          "element #report-data.</noscript>\n</main>\n"
          "<script type=\"application/json\" id=\"report-data\">\n",
          f);
    report_write_json(rep, f, true);
    fputs("</script>\n<script>\n/* uPlot, https://github.com/leeoniya/uPlot\n", f);
    write_asset(f, &report_asset_uplot_license);
    fputs("*/\n", f);
    write_asset(f, &report_asset_uplot_js);
    fputs("\n</script>\n<script>\n", f);
    write_asset(f, &report_asset_report_js);
    fputs("\n</script>\n</body>\n</html>\n", f);
}
