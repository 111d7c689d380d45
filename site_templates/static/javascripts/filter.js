// The filter page (filter/): facets over hardware, topic, year and "has code",
// computed in the browser from papers.json, which the build writes. Nothing is
// loaded from elsewhere. Each value is tri-state: click once to require it,
// again to exclude it, a third time to clear it. Required values of one family
// combine with AND. The state lives in the query string (?hw=a100&hw=-h100&
// topic=kv-cache&year=2024&code=1), so a filtered view can be shared and a
// reload restores it. Text from the data is only ever set with textContent.
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
  var STATE_LABEL = { 1: "required", "-1": "excluded" };

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function setup(root) {
    if (root.getAttribute("data-ready")) return;
    root.setAttribute("data-ready", "loading");
    var source = new URL(root.getAttribute("data-src"), window.location.href);
    fetch(source.href)
      .then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.json();
      })
      .then(function (data) { start(root, data, source); })
      .catch(function (error) {
        root.replaceChildren(el("p", "filter-error", "Could not load papers.json (" + error.message + ")."));
      });
  }

  function start(root, data, source) {
    var kinds = {};
    var names = {};
    data.hardware.forEach(function (node) { kinds[node.id] = node.kind; names["hw:" + node.id] = node.name; });
    data.topics.forEach(function (topic) { names["topic:" + topic.id] = topic.name; });
    names["code:1"] = "Has code";

    // Each paper as param -> list of values it has.
    var papers = data.papers.map(function (paper) {
      return {
        paper: paper,
        values: {
          hw: paper.hardware_rollup,
          topic: paper.topics,
          year: paper.year ? [String(paper.year)] : [],
          code: paper.code ? ["1"] : [],
        },
      };
    });

    // The values of each family, in the data's order (years newest first).
    var options = { vendor: [], architecture: [], device: [], topic: [], year: [], code: ["1"] };
    data.hardware.forEach(function (node) { options[node.kind].push(node.id); });
    data.topics.forEach(function (topic) { options.topic.push(topic.id); });
    var years = {};
    data.papers.forEach(function (paper) { if (paper.year) years[paper.year] = true; });
    options.year = Object.keys(years).sort(function (a, b) { return b - a; });
    years = null;

    var state = readState();

    function readState() {
      var found = {};
      var params = new URLSearchParams(window.location.search);
      ["hw", "topic", "year", "code"].forEach(function (param) {
        params.getAll(param).forEach(function (raw) {
          var sign = raw.charAt(0) === "-" ? -1 : 1;
          var value = sign < 0 ? raw.slice(1) : raw;
          if (value) found[param + ":" + value] = sign;
        });
      });
      return found;
    }

    function writeState() {
      var params = new URLSearchParams();
      Object.keys(state).sort().forEach(function (key) {
        var at = key.indexOf(":");
        params.append(key.slice(0, at), (state[key] < 0 ? "-" : "") + key.slice(at + 1));
      });
      var query = params.toString();
      var url = window.location.pathname + (query ? "?" + query : "") + window.location.hash;
      window.history.replaceState(window.history.state, "", url);
    }

    function matches(item, filters) {
      for (var key in filters) {
        var at = key.indexOf(":");
        var has = item.values[key.slice(0, at)].indexOf(key.slice(at + 1)) >= 0;
        if (has !== (filters[key] > 0)) return false;
      }
      return true;
    }

    function count(filters) {
      var n = 0;
      papers.forEach(function (item) { if (matches(item, filters)) n += 1; });
      return n;
    }

    var facets = el("div", "filter-facets");
    var summary = el("p", "filter-summary");
    summary.setAttribute("aria-live", "polite");
    var results = el("ol", "filter-results");
    var clear = el("button", "md-button filter-clear", "Clear all");
    clear.type = "button";
    clear.addEventListener("click", function () { state = {}; update(); });
    var bar = el("div", "filter-bar");
    bar.append(summary, clear);
    root.replaceChildren(facets, bar, results);
    root.setAttribute("data-ready", "true");

    function label(param, value) {
      return names[param + ":" + value] || value;
    }

    function update() {
      writeState();
      facets.replaceChildren();
      FAMILIES.forEach(function (family) {
        var name = family[0], param = family[1];
        var list = el("ul", "filter-values");
        options[name].forEach(function (value) {
          var key = param + ":" + value;
          var current = state[key] || 0;
          var trial = Object.assign({}, state);
          trial[key] = 1;
          var n = count(trial);
          if (!n && !current) return;  // a value no paper could match now: left out
          var button = el("button", "filter-value");
          button.type = "button";
          button.setAttribute("data-key", key);
          button.setAttribute("data-state", current > 0 ? "include" : current < 0 ? "exclude" : "off");
          button.setAttribute("aria-pressed", current ? "true" : "false");
          var mark = el("span", "filter-mark", current > 0 ? "✓" : current < 0 ? "✕" : "");
          mark.setAttribute("aria-hidden", "true");
          var text = label(param, value);
          button.append(mark, el("span", "filter-name", text), el("span", "filter-count", String(n)));
          button.title = text + ": " + (current ? STATE_LABEL[current] + "; " : "") +
            "click to " + (current > 0 ? "exclude" : current < 0 ? "clear" : "require");
          button.addEventListener("click", function () {
            var next = current > 0 ? -1 : current < 0 ? 0 : 1;
            if (next) state[key] = next; else delete state[key];
            update();
          });
          var item = el("li");
          item.append(button);
          list.append(item);
        });
        if (!list.childElementCount) return;
        var group = el("fieldset", "filter-family");
        group.setAttribute("data-family", name);
        group.append(el("legend", null, family[2]), list);
        facets.append(group);
      });

      var shown = papers.filter(function (item) { return matches(item, state); });
      var active = Object.keys(state).length;
      summary.textContent = shown.length + " of " + papers.length + " papers" +
        (active ? " match " + active + " filter" + (active === 1 ? "" : "s") : "");
      clear.hidden = !active;
      results.replaceChildren();
      shown.forEach(function (item) {
        var paper = item.paper;
        var li = el("li");
        var link = el("a", null, paper.title);
        link.href = new URL(paper.url, source).href;
        li.append(link);
        var details = [];
        if (paper.year) details.push(String(paper.year));
        var devices = paper.hardware.map(function (id) { return names["hw:" + id] || id; });
        if (devices.length) details.push(devices.join(", "));
        if (paper.code) details.push("code");
        if (details.length) li.append(" ", el("small", null, "(" + details.join("; ") + ")"));
        results.append(li);
      });
    }

    update();
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
