/* The report page: draws what #report-data holds with uPlot. Each pair's
 * per-frame chart shows, at any zoom, the lowest and highest value of each
 * series in every pixel column of the range shown (so a dip of one frame in
 * 100,000 still shows), recomputed as the range changes. Everything is
 * reachable for tests through window.vmafReport. */
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("report-data").textContent);
  const root = document.getElementById("report");
  const colors = ["#1f5fbf", "#d9480f", "#2b8a3e", "#862e9c", "#c92a2a", "#0b7285",
                  "#5c940d", "#e67700", "#495057", "#a61e4d"];
  const state = { data: data, charts: [], curves: [] };
  window.vmafReport = state;

  function el(tag, attrs, children) {
    const e = document.createElement(tag);
    for (const k in attrs || {}) {
      if (k === "text") e.textContent = attrs[k];
      else e.setAttribute(k, attrs[k]);
    }
    for (const c of children || []) e.append(c);
    return e;
  }
  function num(v, digits) {
    return v === null || v === undefined ? "n/a" : v.toFixed(digits === undefined ? 3 : digits);
  }
  function legendValue(v, digits) {
    return v === null || v === undefined ? "–" : v.toFixed(digits);
  }
  function base(path) {
    return String(path).split("/").pop();
  }
  /* Whole frames between the x axis's ticks: 1, 2, 5, 10, 20, 50, ... */
  const frameSteps = [];
  for (let p = 1; p <= 1e8; p *= 10) frameSteps.push(p, 2 * p, 5 * p);

  function groupName(g) {
    return g === null || g === "" ? "(no group)" : g;
  }

  /* Indices of the frames to draw between frames lo and hi: for each of
   * `columns` columns, the frames of each shown series' lowest and highest
   * value there, plus the range's ends and a frame beyond each. */
  function decimate(ys, shown, lo, hi, columns) {
    const n = ys[0].length;
    const i0 = Math.max(0, Math.floor(lo) - 1), i1 = Math.min(n - 1, Math.ceil(hi) + 1);
    const count = i1 - i0 + 1;
    const idx = [];
    if (count <= 2 * columns) {
      for (let i = i0; i <= i1; i++) idx.push(i);
      return idx;
    }
    const keep = new Uint8Array(count);
    keep[0] = keep[count - 1] = 1;
    const per = count / columns;
    for (let c = 0; c < columns; c++) {
      const s = i0 + Math.floor(c * per), e = Math.min(i1 + 1, i0 + Math.floor((c + 1) * per));
      for (let k = 0; k < ys.length; k++) {
        if (!shown[k]) continue;
        const y = ys[k];
        let lo_i = -1, hi_i = -1;
        for (let i = s; i < e; i++) {
          const v = y[i];
          if (v === null) continue;
          if (lo_i < 0 || v < y[lo_i]) lo_i = i;
          if (hi_i < 0 || v > y[hi_i]) hi_i = i;
        }
        if (lo_i >= 0) keep[lo_i - i0] = keep[hi_i - i0] = 1;
      }
    }
    for (let i = 0; i < count; i++) if (keep[i]) idx.push(i0 + i);
    return idx;
  }

  function frameChart(pair, index, host) {
    const names = Object.keys(pair.per_frame);
    const ys = names.map((k) => pair.per_frame[k]);
    const n = pair.frames;
    const score = pair.score;
    const worst = pair.worst.map((w) => w.frame);
    const chart = { pair: index, names: names, source: ys, plot: null, shown: [] };
    let busy = false;

    function slice(lo, hi) {
      const width = chart.plot ? chart.plot.bbox.width / devicePixelRatio : host.clientWidth;
      chart.view = { lo: lo, hi: hi, columns: Math.max(64, Math.round(width)) };
      const idx = decimate(ys, chart.shown, lo, hi, chart.view.columns);
      return [idx, ...ys.map((y) => idx.map((i) => y[i]))];
    }
    /* New points for the range shown. uPlot finds the index window of
     * the points in range when a scale is set, so the new points reset the
     * scales (to their own extent, a frame wider on each side) and the
     * range is then set again. */
    function refresh(u) {
      if (busy) return;
      busy = true;
      const min = u.scales.x.min, max = u.scales.x.max;
      u.setData(slice(min, max), true);
      u.setScale("x", { min: min, max: max });
      busy = false;
    }
    const series = [{ label: "frame" }];
    names.forEach((name, k) => {
      const isScore = name === score;
      chart.shown.push(isScore || score === null);
      series.push({
        label: name,
        stroke: colors[k % colors.length],
        width: isScore ? 1.5 : 1,
        scale: isScore ? "score" : "feature",
        show: chart.shown[k],
        spanGaps: false,
        points: { show: false },
        value: (u, v) => legendValue(v, 4),
      });
    });
    const markers = {
      hooks: {
        draw: [(u) => {
          const ctx = u.ctx;
          ctx.save();
          ctx.strokeStyle = "rgba(201, 42, 42, 0.55)";
          ctx.setLineDash([4, 4]);
          ctx.lineWidth = devicePixelRatio;
          for (const f of worst) {
            if (f < u.scales.x.min || f > u.scales.x.max) continue;
            const x = Math.round(u.valToPos(f, "x", true));
            ctx.beginPath();
            ctx.moveTo(x, u.bbox.top);
            ctx.lineTo(x, u.bbox.top + u.bbox.height);
            ctx.stroke();
          }
          ctx.restore();
        }],
      },
    };
    const opts = {
      width: Math.max(320, host.clientWidth),
      height: 300,
      scales: { x: { time: false }, score: { auto: true }, feature: { auto: true } },
      series: series,
      axes: [
        { label: "frame", incrs: frameSteps },
        { scale: "score", label: score || "" },
        { scale: "feature", side: 1, grid: { show: false } },
      ],
      cursor: {
        drag: { x: true, y: false },
        bind: {
          dblclick: (u) => () => {
            u.setScale("x", { min: 0, max: Math.max(1, n - 1) });
            return null;
          },
        },
      },
      hooks: {
        setScale: [(u, key) => { if (key === "x") refresh(u); }],
        setSeries: [(u, k, o) => {
          if (k !== null && o && o.show !== undefined) {
            chart.shown[k - 1] = o.show;
            refresh(u);
          }
        }],
      },
      plugins: [markers],
    };
    chart.plot = new uPlot(opts, slice(0, n - 1), host);
    /* The wheel zooms around the pointer; with shift it pans. */
    chart.plot.over.addEventListener("wheel", (e) => {
      e.preventDefault();
      const u = chart.plot, min = u.scales.x.min, max = u.scales.x.max, span = max - min;
      let lo, hi;
      if (e.shiftKey) {
        const step = span * 0.1 * Math.sign(e.deltaY || e.deltaX);
        lo = min + step;
        hi = max + step;
      } else {
        const at = u.posToVal(e.offsetX, "x"), f = e.deltaY < 0 ? 0.8 : 1.25;
        lo = at - (at - min) * f;
        hi = at + (max - at) * f;
      }
      const width = Math.min(hi - lo, Math.max(1, n - 1));
      lo = Math.max(0, Math.min(lo, n - 1 - width));
      u.setScale("x", { min: lo, max: lo + Math.max(width, 4) });
    }, { passive: false });
    chart.focus = (frame) => {
      const half = Math.max(12, Math.round(n / 100));
      const lo = Math.max(0, frame - half);
      chart.plot.setScale("x", { min: lo, max: Math.min(Math.max(1, n - 1), lo + 2 * half) });
      chart.plot.setCursor({ left: chart.plot.valToPos(frame, "x"), top: 10 });
    };
    state.charts.push(chart);
    return chart;
  }

  function pooledTable(pair) {
    const p = pair.pooled;
    const head = ["mean", "harmonic mean", "1st percentile", "5th percentile", "min"];
    const vals = [p.mean, p.harmonic_mean, p.p1, p.p5, p.min];
    return el("table", { class: "pooled" }, [
      el("tr", {}, [el("th", { text: pair.score || "score" }), ...head.map((h) => el("th", { text: h }))]),
      el("tr", {}, [el("td", { text: "pooled" }), ...vals.map((v) => el("td", { text: num(v) }))]),
    ]);
  }

  function worstFrames(pair, chart, section) {
    const box = el("div", { class: "worst" });
    pair.worst.forEach((w, rank) => {
      const fig = el("figure", { class: "frame", "data-frame": w.frame, "data-score": w.score });
      const title = el("figcaption", {}, [
        el("a", { href: "#", text: "frame " + w.frame }),
        " · " + (pair.score || "score") + " " + num(w.score) + (rank === 0 ? " (lowest)" : ""),
      ]);
      fig.append(title);
      if (w.reference_png) {
        const row = el("div", { class: "crops" });
        for (const [label, src] of [["reference", w.reference_png], ["distorted", w.distorted_png]]) {
          row.append(el("div", {}, [el("img", { src: src, alt: label + ", frame " + w.frame }),
                                    el("span", { text: label })]));
        }
        fig.append(row);
        fig.append(el("div", { class: "note", text: "crop " + w.crop[2] + "x" + w.crop[3] + " at " +
                                             w.crop[0] + "," + w.crop[1] }));
      }
      title.firstChild.addEventListener("click", (e) => {
        e.preventDefault();
        for (const f of box.querySelectorAll(".frame")) f.classList.remove("chosen");
        fig.classList.add("chosen");
        if (chart) {
          chart.focus(w.frame);
          section.querySelector(".chart").scrollIntoView({ block: "center" });
        }
      });
      box.append(fig);
    });
    return box;
  }

  function pairSection(pair, index) {
    const id = "pair-" + (pair.line || index + 1);
    const bits = [pair.frames + " frames", pair.width + "x" + pair.height];
    if (pair.group !== null) bits.push("group " + groupName(pair.group));
    if (pair.bitrate_kbps !== null) bits.push(num(pair.bitrate_kbps, 1) + " kbit/s (" + pair.bitrate_from + ")");
    const section = el("section", { class: "pair", id: id }, [
      el("h2", { text: (pair.line ? "line " + pair.line + ": " : "") + base(pair.distorted) }),
      el("p", { class: "paths", text: pair.reference + " → " + pair.distorted }),
      el("p", { class: "meta", text: bits.join(" · ") }),
    ]);
    if (pair.score !== null) section.append(pooledTable(pair));
    const host = el("div", { class: "chart" });
    section.append(host, el("p", { class: "hint",
      text: "Drag to zoom, wheel to zoom, shift+wheel to pan, double-click for all frames; " +
            "click a name to show or hide it. Dashed lines: the worst frames." }));
    root.append(section);
    const chart = pair.frames ? frameChart(pair, index, host) : null;
    if (pair.worst.length) {
      section.append(el("h3", { text: "Worst frames" }));
      if (pair.pictures_note) section.append(el("p", { class: "note", text: pair.pictures_note }));
      section.append(worstFrames(pair, chart, section));
    }
  }

  function curveChart(metric, host) {
    const groups = data.groups.filter((g) => g.points.length);
    const xs = [...new Set(groups.flatMap((g) => g.points.map((p) => p.bitrate_kbps)))].sort((a, b) => a - b);
    const cols = groups.map((g) => xs.map((x) => {
      const p = g.points.find((q) => q.bitrate_kbps === x);
      return p ? p[metric] : null;
    }));
    const plot = new uPlot({
      width: Math.max(320, Math.min(host.clientWidth, 720)),
      height: 320,
      scales: { x: { time: false, distr: 3 }, y: { auto: true } },
      series: [{ label: "kbit/s", value: (u, v) => legendValue(v, 1) },
        ...groups.map((g, k) => ({ label: groupName(g.name), stroke: colors[k % colors.length],
                                   width: 1.5, spanGaps: true, points: { show: true, size: 6 },
                                   value: (u, v) => legendValue(v, 4) }))],
      axes: [{ label: "bitrate (kbit/s, log scale)" }, { label: metric }],
    }, [xs, ...cols], host);
    state.curves.push({ metric: metric, groups: groups.map((g) => g.name), plot: plot });
  }

  function curvesSection() {
    const withPoints = data.groups.filter((g) => g.points.length);
    if (!withPoints.length || !data.metrics.length) return;
    const section = el("section", { class: "curves", id: "curves" }, [
      el("h2", { text: "Rate and quality" })]);
    root.append(section);
    for (const g of data.groups) {
      if (g.note) section.append(el("p", { class: "note", text: groupName(g.name) + ": " + g.note }));
    }
    const grid = el("div", { class: "curve-grid" });
    section.append(grid);
    for (const m of data.metrics) {
      const host = el("div", { class: "curve" });
      grid.append(host);
      curveChart(m, host);
    }
    section.append(el("h3", { text: "Bjøntegaard deltas" + (data.anchor !== null ? " against " + groupName(data.anchor) : "") }));
    if (data.bd_note) {
      section.append(el("p", { class: "note", text: "n/a: " + data.bd_note }));
      return;
    }
    const table = el("table", { class: "bd" }, [el("tr", {}, [
      el("th", { text: "group" }), el("th", { text: "quality" }),
      el("th", { text: "BD-rate" }), el("th", { text: "BD-quality" })])]);
    for (const d of data.bd) {
      const cell = (v, note, unit, digits) => el("td", note ? { class: "na", title: note, text: "n/a: " + note }
                                                            : { text: (v > 0 ? "+" : "") + v.toFixed(digits) + unit });
      table.append(el("tr", {}, [el("td", { text: groupName(d.group) }), el("td", { text: d.metric }),
        cell(d.bd_rate_percent, d.bd_rate_percent_note, " %", 2),
        cell(d.bd_quality, d.bd_quality_note, "", 3)]));
    }
    section.append(table, el("p", { class: "hint", text:
      "BD-rate: bits the group spends against the anchor at equal quality (negative: fewer). " +
      "BD-quality: quality it gains at equal bitrate. Piecewise cubic (PCHIP) interpolation in " +
      "log10(bitrate) over the quality range both cover." }));
  }

  function failedSection() {
    if (!data.failed.length) return;
    const list = el("ul");
    for (const f of data.failed) {
      list.append(el("li", { text: "line " + f.line + ": " + f.distorted + ": " + f.error }));
    }
    root.append(el("section", { class: "failed", id: "failed" }, [
      el("h2", { text: "Failed pairs" }), list]));
  }

  root.textContent = "";
  root.append(el("header", {}, [
    el("h1", { text: "VMAF report" }),
    el("p", { class: "meta", text: data.pairs.length + " pair" + (data.pairs.length === 1 ? "" : "s") +
      (data.failed.length ? ", " + data.failed.length + " failed" : "") + " · vmaf-ng " + data.vmaf_version }),
  ]));
  data.pairs.forEach(pairSection);
  curvesSection();
  failedSection();
  state.ready = true;
})();
