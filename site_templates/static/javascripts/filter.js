// The filter page (filter/): facets over hardware, topic, year and "has code".
//
// It reads filter/facets.json, which the build writes (generator/exports.py,
// `filter_files`): every value once, and each paper as a few characters naming
// its values. It never loads papers.json. The titles of the rows it shows come
// from small chunk files (filter/papers-<k>.json), fetched for those rows only.
// Nothing is loaded from elsewhere.
//
// Each value is tri-state: click once to require it, again to exclude it, a
// third time to clear it. Required values of one family combine with AND. The
// number beside a value is how many papers would match if it were required.
// The state lives in the query string (?hw=a100&hw=-h100&topic=kv-cache&
// year=2024&code=1), so a filtered view can be shared and a reload restores it.
// A value of the lists that no paper has (?hw=h200, named by the page's
// data-no-papers) is kept as a filter that nothing matches; an unknown one is
// ignored and named. When nothing matches, the page lists the filters, each
// with a button removing it and how many papers that would leave.
//
// On a wide screen the facets are a column beside the results; on a narrow one
// they are a panel that the "Filters" button opens, so that the results start
// in the first screen.
// Text from the data is only ever set with textContent.
(function () {
  "use strict";

  // family -> [URL parameter, heading]; vendor, architecture and device share `hw`.
  var FAMILIES = [
    ["vendor", "hw", "Vendor"],
    ["architecture", "hw", "Architecture"],
    ["device", "hw", "Device"],
    ["topic", "topic", "Topic"],
    ["year", "year", "Year"],
    ["code", "code", "Code"],
  ];
  var PARAMS = ["hw", "topic", "year", "code"];
  var ROWS = 50;     // rows shown at first, and added by "Show more"
  var VALUES = 12;   // values of a family shown before "Show all", unless only one or two more
  var PARAM_OF = { vendor: "hw", architecture: "hw", device: "hw", topic: "topic", year: "year", code: "code" };

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function number(n) {
    return n.toLocaleString("en-US");
  }

  function papersText(n) {
    return number(n) + (n === 1 ? " paper" : " papers");
  }

  function getJSON(url) {
    return fetch(url).then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status);
      return response.json();
    });
  }

  // The facets of the page this script was loaded with, asked for at once rather than
  // when Material's document$ fires (after the page's other scripts have run).
  var early = null;

  function facetsURL(root) {
    return new URL(root.getAttribute("data-facets"), window.location.href);
  }

  function setup(root) {
    if (root.getAttribute("data-ready")) return;
    root.setAttribute("data-ready", "loading");
    var source = facetsURL(root);
    var loading = early && early.url === source.href ? early.promise : getJSON(source.href);
    early = null;
    loading
      .then(function (data) { start(root, decode(data), source); })
      .catch(function (error) {
        root.setAttribute("data-ready", "error");
        root.replaceChildren(el("p", "filter-error", "Could not load the facets (" + error.message + ")."));
      });
  }

  // facets.json -> {values, papers, ...}. A value is {key, param, id, name, family, parent};
  // value numbers: the years, "has code", the topics, then the hardware nodes.
  function decode(data) {
    var values = [];
    data.years.forEach(function (year) {
      values.push({ param: "year", id: String(year), name: String(year), family: "year" });
    });
    values.push({ param: "code", id: "1", name: "Has code", family: "code" });
    data.topics.forEach(function (topic) {
      values.push({ param: "topic", id: topic[0], name: topic[1], family: "topic" });
    });
    var firstNode = values.length;
    data.hardware.forEach(function (node) {
      values.push({ param: "hw", id: node[0], name: node[1], family: data.kinds[node[2]],
                    parent: node[3] < 0 ? -1 : firstNode + node[3] });
    });
    values.forEach(function (value, i) {
      value.index = i;
      value.key = value.param + ":" + value.id;
      value.hardware = i >= firstNode;
    });

    // Each paper's values as numbers: `own` as the file has them (for its row), `all` with
    // the architectures and vendors of its hardware (for matching and counting), both flat
    // with offsets: paper i's are own[ownAt[i]] .. own[ownAt[i + 1] - 1].
    var digits = new Int8Array(128).fill(-1);
    for (var d = 0; d < data.digits.length; d++) digits[data.digits.charCodeAt(d)] = d;
    var base = data.digits.length / 2;
    var text = data.data;
    var count = data.count;
    var own = new Int32Array(text.length);
    var ownAt = new Int32Array(count + 1);
    var n = 0, paper = 0, acc = 0;
    for (var c = 0; c < text.length; c++) {
      var code = text.charCodeAt(c);
      if (code === 32) { paper += 1; ownAt[paper] = n; continue; }
      var digit = digits[code];
      if (digit < 0) throw new Error("bad facet data");
      if (digit >= base) { acc = acc * base + digit - base; continue; }
      own[n++] = acc * base + digit;
      acc = 0;
    }
    if (count) ownAt[paper + 1] = n;
    if (count && paper + 1 !== count) throw new Error("facet data holds " + (paper + 1) + " papers, not " + count);

    var all = [], allAt = new Int32Array(count + 1), mark = new Int32Array(values.length).fill(-1);
    for (var p = 0; p < count; p++) {
      for (var j = ownAt[p]; j < ownAt[p + 1]; j++) {
        for (var v = own[j]; v >= 0 && mark[v] !== p; v = values[v].hardware ? values[v].parent : -1) {
          mark[v] = p;
          all.push(v);
        }
      }
      allAt[p + 1] = all.length;
    }
    return { values: values, count: count, own: own, ownAt: ownAt, all: Int32Array.from(all), allAt: allAt,
             chunk: data.chunk, chunks: data.chunks, url: data.url };
  }

  function start(root, data, source) {
    var values = data.values, count = data.count, all = data.all, allAt = data.allAt;
    var byKey = {};
    values.forEach(function (value) { byKey[value.key] = value; });

    // Each family's values, the commonest first (fixed for the visit, so that no value
    // moves under the pointer between a first and a second click); years newest first.
    var total = countValues(everyPaper());
    var options = {};
    FAMILIES.forEach(function (family) { options[family[0]] = []; });
    values.forEach(function (value) { options[value.family].push(value); });
    FAMILIES.forEach(function (family) {
      if (family[0] === "year") return;
      options[family[0]].sort(function (a, b) { return total[b.index] - total[a.index] || a.index - b.index; });
    });

    // The values no paper has, by key: made into values (never shown otherwise) when the URL names one.
    var noPapers = {};
    var listed = JSON.parse(root.getAttribute("data-no-papers") || "{}");
    Object.keys(listed).forEach(function (family) {
      if (!options[family] || !PARAM_OF[family]) return;
      listed[family].forEach(function (pair) {
        noPapers[PARAM_OF[family] + ":" + pair[0]] = { id: pair[0], name: pair[1], family: family };
      });
    });

    // The value `param`=`id` if it is one that no paper has (named by data-no-papers, or a year), else undefined.
    function valueWithoutPapers(param, id) {
      var known = noPapers[param + ":" + id];
      if (!known && param === "year" && /^[12][0-9]{3}$/.test(id)) known = { id: id, name: id, family: "year" };
      if (!known) return undefined;
      var value = { param: param, id: known.id, name: known.name, family: known.family, parent: -1,
                    hardware: param === "hw", index: values.length, key: param + ":" + known.id };
      values.push(value);
      byKey[value.key] = value;
      options[value.family].push(value);
      return value;
    }

    // value index -> 1 (required) or -1 (excluded)
    var state = {};
    var ignored = readState();
    var expanded = {};
    var shown = ROWS;
    var chunks = {};
    var generation = 0;

    function everyPaper() {
      var list = new Int32Array(count);
      for (var i = 0; i < count; i++) list[i] = i;
      return list;
    }

    function readState() {
      var unknown = [];
      var params = new URLSearchParams(window.location.search);
      state = {};
      PARAMS.forEach(function (param) {
        params.getAll(param).forEach(function (raw) {
          var sign = raw.charAt(0) === "-" ? -1 : 1;
          var id = sign < 0 ? raw.slice(1) : raw;
          var value = byKey[param + ":" + id] || valueWithoutPapers(param, id);
          if (value) state[value.index] = sign;
          else if (raw) unknown.push(param + "=" + raw);
        });
      });
      return unknown;
    }

    function writeState() {
      var keys = Object.keys(state).map(function (i) { return [values[i].key, state[i]]; }).sort();
      var params = new URLSearchParams();
      keys.forEach(function (pair) {
        var at = pair[0].indexOf(":");
        params.append(pair[0].slice(0, at), (pair[1] < 0 ? "-" : "") + pair[0].slice(at + 1));
      });
      var query = params.toString();
      var url = window.location.pathname + (query ? "?" + query : "") + window.location.hash;
      window.history.replaceState(window.history.state, "", url);
    }

    function has(paper, value) {
      for (var j = allAt[paper]; j < allAt[paper + 1]; j++) if (all[j] === value) return true;
      return false;
    }

    // The papers matching the state, leaving out the value `skip` (-1: none).
    function matching(skip) {
      var filters = Object.keys(state).filter(function (i) { return +i !== skip; })
        .map(function (i) { return [+i, state[i] > 0]; });
      var found = [];
      papers: for (var p = 0; p < count; p++) {
        for (var f = 0; f < filters.length; f++) {
          if (has(p, filters[f][0]) !== filters[f][1]) continue papers;
        }
        found.push(p);
      }
      return found;
    }

    // How many of `papers` have each value.
    function countValues(papers) {
      var counts = new Int32Array(values.length);
      for (var i = 0; i < papers.length; i++) {
        for (var j = allAt[papers[i]]; j < allAt[papers[i] + 1]; j++) counts[all[j]] += 1;
      }
      return counts;
    }

    // The layout: the facets beside the results on a wide screen; on a narrow one, above them
    // in a panel that the "Filters" button opens (filter.css shows the button there only).
    var facets = el("div", "filter-facets");
    facets.id = "filter-facets";
    var families = {};
    FAMILIES.forEach(function (family) {
      var name = family[0];
      var group = el("div", "filter-family");
      group.setAttribute("data-family", name);
      group.setAttribute("role", "group");
      var heading = el("span", "filter-legend", family[2]);
      heading.id = "filter-family-" + name;
      group.setAttribute("aria-labelledby", heading.id);
      var list = el("div", "filter-values");
      var more = el("button", "filter-all");
      more.type = "button";
      more.addEventListener("click", function () {
        expanded[name] = !expanded[name];
        update(false);
        more.focus();
      });
      // A long family (devices, topics) has a box that narrows its values to those whose name
      // holds what is typed; the values in the state always show.
      var find = el("input", "filter-find");
      find.type = "search";
      find.placeholder = "Find " + family[2].toLowerCase();
      find.setAttribute("aria-label", "Find a " + family[2].toLowerCase() + " among the values");
      find.setAttribute("aria-controls", "filter-values-" + name);
      list.id = "filter-values-" + name;
      find.hidden = true;
      find.addEventListener("input", function () { update(false); });
      group.append(heading, find, list, more);
      facets.append(group);
      families[name] = { group: group, list: list, more: more, find: find };
    });

    var toggle = el("button", "filter-toggle");
    toggle.type = "button";
    toggle.setAttribute("aria-controls", facets.id);
    toggle.setAttribute("aria-expanded", "false");
    var toggleName = el("span", "filter-toggle-name", "Filters");
    var toggleCount = el("span", "filter-toggle-count");
    var toggleMark = el("span", "filter-toggle-mark", "▾");
    toggleMark.setAttribute("aria-hidden", "true");
    toggle.append(toggleName, toggleCount, toggleMark);
    // Closes the panel on a narrow screen, back to the results.
    var done = el("button", "md-button md-button--primary filter-done");
    done.type = "button";
    var panel = el("div", "filter-panel");
    panel.append(toggle, facets);
    facets.append(done);

    function openPanel(open) {
      panel.toggleAttribute("data-open", open);
      toggle.setAttribute("aria-expanded", open ? "true" : "false");
    }
    toggle.addEventListener("click", function () { openPanel(!panel.hasAttribute("data-open")); });
    done.addEventListener("click", function () {
      openPanel(false);
      toggle.focus();
    });

    var summary = el("p", "filter-summary");
    summary.setAttribute("aria-live", "polite");
    summary.tabIndex = -1;  // where the focus goes when the button that had it goes away
    var clear = el("button", "md-button filter-clear", "Clear all");
    clear.type = "button";
    clear.addEventListener("click", function () { state = {}; update(true); summary.focus(); });
    // The values in the state, each a button that removes it: in view however long the families.
    var activeList = el("div", "filter-active");
    var bar = el("div", "filter-bar");
    bar.append(summary, activeList, clear);
    // Nothing matches: the filters, and for each a button removing it, saying what that would leave.
    var empty = el("div", "filter-empty");
    var emptyText = el("p", "filter-empty-text");
    var suggestions = el("div", "filter-suggestions");
    empty.append(emptyText, suggestions);
    var note = el("p", "filter-note");
    var results = el("ol", "filter-results");
    var moreRows = el("button", "md-button filter-more");
    moreRows.type = "button";
    moreRows.addEventListener("click", function () { shown += ROWS; showRows(); });
    var main = el("div", "filter-main");
    main.append(bar, note, empty, results, moreRows);
    root.replaceChildren(panel, main);
    root.classList.add("filter-layout");

    if (ignored.length) {
      note.textContent = "Not a value of this list, ignored: " + ignored.join(", ") + ".";
    } else {
      note.hidden = true;
    }

    var matches = [];

    function update(resetRows) {
      if (resetRows) shown = ROWS;
      writeState();
      var focused = document.activeElement && document.activeElement.getAttribute("data-key");
      matches = matching(-1);
      var counts = countValues(matches);
      var none = matches.length === 0;
      FAMILIES.forEach(function (family) {
        var name = family[0], parts = families[name];
        var buttons = [], plain = 0, extra = 0;
        var sought = parts.find.value.trim().toLowerCase();
        parts.find.hidden = options[name].length <= VALUES;
        options[name].forEach(function (value) {
          var current = state[value.index] || 0;
          if (sought && !current && value.name.toLowerCase().indexOf(sought) < 0) return;
          // The papers it would leave if required: for an excluded value, the others' matches that have it.
          var n = current < 0 ? countWith(value.index) : counts[value.index];
          // A value no paper could match now is left out, unless nothing matches at all.
          if (!n && !current && !none) return;
          var button = chip(value, current, n);
          if (!n && !current) button.classList.add("filter-zero");
          // A long family shows its first values and a "Show all" button; the values in the
          // state always show.
          if (!current && ++plain > VALUES && !sought) {
            button.classList.add("filter-extra");
            extra += 1;
          }
          buttons.push(button);
        });
        if (extra <= 2) {  // "Show all" for one or two more would save no room
          buttons.forEach(function (button) { button.classList.remove("filter-extra"); });
          extra = 0;
        }
        parts.list.replaceChildren.apply(parts.list, buttons);
        parts.group.hidden = !buttons.length && !sought;
        parts.group.toggleAttribute("data-expanded", !!expanded[name]);
        parts.more.hidden = !extra;
        parts.more.textContent = expanded[name] ? "Show fewer" : "Show all " + number(buttons.length);
        parts.more.setAttribute("aria-expanded", expanded[name] ? "true" : "false");
      });
      if (focused) {
        var again = root.querySelector('button[data-key="' + CSS.escape(focused) + '"]');
        if (again) again.focus();
      }

      var active = Object.keys(state).length;
      activeList.replaceChildren.apply(activeList, inState().map(function (i) {
        var value = values[i], required = state[i] > 0;
        var button = el("button", "filter-remove");
        button.type = "button";
        button.setAttribute("data-remove", value.key);
        button.setAttribute("data-state", required ? "include" : "exclude");
        button.setAttribute("aria-label", "Remove " + (required ? "required " : "excluded ") + value.name);
        button.append(el("span", "filter-mark", required ? "✓" : "✕"), el("span", "filter-name", value.name),
                      el("span", "filter-x", "×"));
        button.addEventListener("click", function () { remove(i); });
        return button;
      }));
      summary.textContent = number(matches.length) + " of " + number(count) + " papers" +
        (active ? " match " + active + " filter" + (active === 1 ? "" : "s") : "");
      clear.hidden = !active;
      activeList.hidden = none;  // the empty state lists them, saying what removing each leaves
      showEmpty(none);
      toggleCount.textContent = active ? " (" + active + " active)" : "";
      done.textContent = none ? "Close the filters" : "Show " + papersText(matches.length);
      root.setAttribute("data-ready", "true");
      showRows();
    }

    function remove(i) {
      delete state[i];
      update(true);
      summary.focus();
    }

    // The values in the state, family by family (vendor first), as numbers.
    function inState() {
      var order = {};
      FAMILIES.forEach(function (family, k) { order[family[0]] = k; });
      return Object.keys(state).map(Number).sort(function (a, b) {
        return order[values[a].family] - order[values[b].family] || a - b;
      });
    }

    // How a value in the state reads in a sentence: "NVIDIA H200", "not NVIDIA".
    function describe(i) {
      return (state[i] < 0 ? "not " : "") + values[i].name;
    }

    function showEmpty(none) {
      empty.hidden = !none;
      if (!none) {
        suggestions.replaceChildren();
        return;
      }
      var active = inState();
      if (!active.length) {
        emptyText.textContent = "The list has no papers.";
        suggestions.replaceChildren();
        return;
      }
      emptyText.replaceChildren(el("strong", null, "No paper matches all of: "),
                                active.map(describe).join(", ") + ". Remove a filter to see papers again:");
      // The removals that leave the most papers first (sort is stable: ties stay in family order).
      var left = active.map(function (i) { return { index: i, n: matching(i).length }; });
      left.sort(function (a, b) { return b.n - a.n; });
      suggestions.replaceChildren.apply(suggestions, left.map(function (option) {
        var i = option.index, value = values[i], required = state[i] > 0;
        var button = el("button", "filter-suggestion");
        button.type = "button";
        button.setAttribute("data-remove", value.key);
        var leaves = !option.n ? "(still none)" : "(" + papersText(option.n) + (required ? " without it)" : " then)");
        button.append(el("span", "filter-name", (required ? "Remove " : "Stop excluding ") + value.name), " ",
                      el("span", "filter-left", leaves));
        button.addEventListener("click", function () { remove(i); });
        return button;
      }));
      // No one filter is in the way: clearing them all is the way back.
      if (left.every(function (option) { return !option.n; })) {
        var all = el("button", "filter-suggestion filter-suggest-clear");
        all.type = "button";
        all.append(el("span", "filter-name", "Clear all filters"), " ",
                   el("span", "filter-left", "(" + papersText(count) + ")"));
        all.addEventListener("click", function () { state = {}; update(true); summary.focus(); });
        suggestions.append(all);
      }
    }

    function countWith(value) {
      var n = 0;
      matching(value).forEach(function (p) { if (has(p, value)) n += 1; });
      return n;
    }

    function chip(value, current, n) {
      var button = el("button", "filter-value");
      button.type = "button";
      button.setAttribute("data-key", value.key);
      button.setAttribute("data-state", current > 0 ? "include" : current < 0 ? "exclude" : "off");
      button.setAttribute("aria-pressed", current ? "true" : "false");
      var mark = el("span", "filter-mark", current > 0 ? "✓" : current < 0 ? "✕" : "");
      mark.setAttribute("aria-hidden", "true");
      var stateText = el("span", "filter-sr", current > 0 ? "required: " : current < 0 ? "excluded: " : "");
      button.append(mark, stateText, el("span", "filter-name", value.name), " ",
                    el("span", "filter-count", number(n)));
      button.title = value.name + ": " + (current > 0 ? "required; " : current < 0 ? "excluded; " : "") +
        "click to " + (current > 0 ? "exclude" : current < 0 ? "clear" : "require");
      button.addEventListener("click", function () {
        var next = current > 0 ? -1 : current < 0 ? 0 : 1;
        if (next) state[value.index] = next; else delete state[value.index];
        update(true);
      });
      return button;
    }

    function loadChunk(k) {
      if (!chunks[k]) {
        var url = new URL("papers-" + k + ".json?v=" + encodeURIComponent(data.chunks), source);
        chunks[k] = getJSON(url.href).catch(function (error) { delete chunks[k]; throw error; });
      }
      return chunks[k];
    }

    // The first `shown` matches as rows; their titles come from the chunks that hold them.
    function showRows() {
      var rows = matches.slice(0, shown);
      var want = {};
      rows.forEach(function (p) { want[Math.floor(p / data.chunk)] = true; });
      var ticket = ++generation;
      results.setAttribute("aria-busy", "true");
      moreRows.hidden = true;
      var keys = Object.keys(want);
      Promise.all(keys.map(loadChunk)).then(function (loaded) {
        if (ticket !== generation) return;
        var titles = {};
        keys.forEach(function (k, i) { titles[k] = loaded[i]; });
        results.replaceChildren.apply(results, rows.map(function (p) {
          return row(p, titles[Math.floor(p / data.chunk)][p % data.chunk]);
        }));
        results.removeAttribute("aria-busy");
        var left = matches.length - rows.length;
        moreRows.hidden = left <= 0;
        moreRows.textContent = "Show " + number(Math.min(ROWS, left)) + " more (" + number(left) + " left)";
      }).catch(function (error) {
        if (ticket !== generation) return;
        results.removeAttribute("aria-busy");
        results.replaceChildren(el("li", "filter-error", "Could not load the titles (" + error.message + ")."));
      });
    }

    function row(p, entry) {
      var li = el("li");
      var link = el("a", null, entry[1]);
      link.href = new URL(data.url.replace("%s", encodeURIComponent(entry[0])), source).href;
      li.append(link);
      var details = [], devices = [], code = false;
      for (var j = data.ownAt[p]; j < data.ownAt[p + 1]; j++) {
        var value = values[data.own[j]];
        if (value.family === "year") details.push(value.name);
        else if (value.family === "code") code = true;
        else if (value.hardware) devices.push(value);
      }
      // Its most specific hardware only, as every table shows it: "A100", not "NVIDIA, A100".
      var above = {};
      devices.forEach(function (value) {
        for (var v = value.parent; v >= 0; v = values[v].parent) above[v] = true;
      });
      devices = devices.filter(function (value) { return !above[value.index]; })
        .map(function (value) { return value.name; });
      if (devices.length) details.push(devices.join(", "));
      if (code) details.push("code");
      if (details.length) li.append(" ", el("small", null, "(" + details.join("; ") + ")"));
      return li;
    }

    update(false);
  }

  var first = document.getElementById("paper-filter");
  if (first && first.getAttribute("data-facets")) {
    var url = facetsURL(first).href;
    early = { url: url, promise: getJSON(url) };
    early.promise.catch(function () {});  // reported by setup()
  }

  function init() {
    var root = document.getElementById("paper-filter");
    if (root) setup(root);
  }

  if (typeof document$ !== "undefined" && document$.subscribe) {
    document$.subscribe(init);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
