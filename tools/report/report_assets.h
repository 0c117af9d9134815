/* The files the HTML report carries inside it, compiled in at build time
 * (cmake/embed_report_assets.cmake): uPlot (third_party/uplot/, MIT) and
 * the page's own script and style (tools/report/assets/). */
#ifndef VMAF_TOOLS_REPORT_REPORT_ASSETS_H
#define VMAF_TOOLS_REPORT_REPORT_ASSETS_H

#include <stddef.h>

typedef struct ReportAsset {
    const char *text; /* NUL-terminated too */
    size_t len;
} ReportAsset;

extern const ReportAsset report_asset_uplot_js, report_asset_uplot_css, report_asset_report_js,
    report_asset_report_css, report_asset_uplot_license;

#endif
