// Sortable tables: each table inside <div class="sortable-table"> gets a button in
// every column heading; pressing it sorts the rows by that column, then the other
// way round. aria-sort tells assistive technology the current order.
//
// A column of numbers ("2024", "12 papers") sorts by value, anything else
// alphabetically, numbers within the text by value ("RTX 3090" before "RTX 4090").
// The Result column of a results table (its heading data-column="result") holds
// values of several kinds and units: "502 PFLOPS", "156 TFLOPS", "155×", "99%".
// It sorts by kind (each Result cell's data-kind), then unit, then value, so only
// values of one kind and unit are compared; the direction orders the values
// within each group, the groups keep their order.
//
// A table split over several pages (results/, a hardware page with many results)
// names the site's own file of all rows in data-rows (results/rows.json, written
// by generator/pages.py): the first press loads it, sorts every row of the table
// (data-node picks a hardware page's rows) and shows them data-page-size at a
// time, with buttons for the pages in place of the links to the server's pages.
// Nothing is loaded from elsewhere; document$ re-runs this after Material's
// instant navigation loads a page.
(function () {
  var RESULTS_JSON = "results/rows.json";
  var AROUND = 2;  // page numbers shown each side of the current one, as the server's pager
  var collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });

  // The number a cell starts with ("3.6×", "156 TFLOPS", "~3×"), or NaN ("NVIDIA A100" is text).
  function number(text) {
    var match = text.replace(/,/g, "").match(/^[~>≈<]?\s*(-?\d+(?:\.\d+)?)/);
    return match ? parseFloat(match[1]) : NaN;
  }

  // A result from its Result and Kind cells. The Result cell is generator/results.py's
  // Result.shown: the value as written ("3.6", "1.2–2.4", "~3", "10+"), then the unit,
  // after a space unless it is "×" or "%". The value is a range's upper end, as in rows.json.
  function resultFromCells(shown, kind) {
    var lastDigit = shown.search(/\d\D*$/);
    if (lastDigit < 0) return { kind: kind, unit: "", value: null };
    var numbers = shown.slice(0, lastDigit + 1).replace(/,/g, "").match(/-?\d+(?:\.\d+)?/g);
    var value = parseFloat(numbers[numbers.length - 1]);
    if (numbers.length > 1) value = Math.abs(value);  // "1.2-2.4": the upper end is 2.4, not -2.4
    return { kind: kind, unit: shown.slice(lastDigit + 1).replace(/^\+/, "").trim(), value: value };
  }

  function isEmpty(key) {
    return key === null || key === "";
  }

  // Below 0 when x goes before y, above 0 after it, 0 for a tie. Empty keys (null or "")
  // last whichever the direction; numbers by value; text alphabetically.
  function compareKeys(x, y, ascending) {
    if (isEmpty(x) || isEmpty(y)) return isEmpty(x) - isEmpty(y);
    var result = typeof x === "number" && typeof y === "number" ? x - y : collator.compare(x, y);
    return ascending ? result : -result;
  }

  // Results ({kind, unit, value}): by kind, then unit (both as written, whichever the
  // direction), then value, so that "155×" is never compared with "156 TFLOPS".
  function compareResults(x, y, ascending) {
    if (x.kind !== y.kind) return x.kind < y.kind ? -1 : 1;
    if (x.unit !== y.unit) return x.unit < y.unit ? -1 : 1;
    return compareKeys(x.value, y.value, ascending);
  }

  // Indexes 0..n-1 ordered by keys[index] with compare(x, y, ascending), ties in their first order.
  function order(keys, ascending, compare) {
    var indexes = keys.map(function (key, index) { return index; });
    indexes.sort(function (a, b) {
      return compare(keys[a], keys[b], ascending) || a - b;
    });
    return indexes;
  }

  function isResultColumn(heading) {
    return heading.dataset.column === "result";
  }

  function markSorted(table, heading, ascending) {
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (cell) {
      cell.removeAttribute("aria-sort");
    });
    heading.setAttribute("aria-sort", ascending ? "ascending" : "descending");
  }

  // A table fully on its page: its own rows, in place.
  // Rows of one paper that follow each other are a group: its title shows on the first row only
  // (class same-paper; the others keep it for screen readers, out of the tab order). Re-marked
  // after every sort, which may part a group or join one.
  function markRepeats(table) {
    var heading = table.tHead.rows[0].cells;
    var at = Array.prototype.findIndex.call(heading, function (th) { return th.textContent.trim().startsWith("Paper"); });
    if (at < 0) return;
    var previous = null;
    Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
      var link = row.cells[at] && row.cells[at].querySelector("a");
      var href = link ? link.getAttribute("href") : null;
      var same = href !== null && href === previous;
      row.classList.toggle("same-paper", same);
      if (same) link.setAttribute("tabindex", "-1"); else if (link) link.removeAttribute("tabindex");
      previous = href;
    });
  }

  function sortRows(table, column, heading) {
    var ascending = heading.getAttribute("aria-sort") !== "ascending";
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    function cellText(row, at) {
      var cell = row.cells[at];
      return cell ? cell.textContent.trim() : "";
    }
    var keys, compare = compareKeys;
    if (isResultColumn(heading)) {
      keys = rows.map(function (row) {
        return resultFromCells(cellText(row, column), row.cells[column].getAttribute("data-kind") || "");
      });
      compare = compareResults;
    } else {
      var texts = rows.map(function (row) { return cellText(row, column); });
      var numeric = texts.every(function (text) { return text === "" || !isNaN(number(text)); });
      keys = numeric ? texts.map(function (text) { return text === "" ? null : number(text); }) : texts;
    }
    order(keys, ascending, compare).forEach(function (index) { body.appendChild(rows[index]); });
    markSorted(table, heading, ascending);
    markRepeats(table);
  }

  // ---- A table split over pages: all its rows, from RESULTS_JSON.

  var files = {};  // URL -> promise of the parsed file; forgotten when loading fails

  function load(url) {
    if (!files[url]) {
      files[url] = fetch(url).then(function (response) {
        if (!response.ok) throw new Error(response.status + " " + response.statusText);
        return response.json();
      });
      files[url].catch(function () { delete files[url]; });
    }
    return files[url];
  }

  // What a row of rows.json is sorted by in each column: Result (its kind, unit and value),
  // Claim, Device, Paper (the text shown). A row: [value, shown, kind, claim, device, paper,
  // unit, the number's start and end in the claim].
  function key(data, row, column) {
    if (column === 0) return { kind: row[2], unit: row[6], value: row[0] };
    if (column === 1) return row[3];
    if (column === 2) return row[4] < 0 ? "" : data.devices[row[4]][0];
    return data.papers[row[5]][1];
  }

  // The claim in the authors' words, its number in bold (as generator/render.py writes it).
  function claimCell(table, row) {
    var td = cell(table, 1), strong = document.createElement("strong");
    strong.textContent = row[3].slice(row[7], row[8]);
    td.appendChild(document.createTextNode(row[3].slice(0, row[7])));
    td.appendChild(strong);
    td.appendChild(document.createTextNode(row[3].slice(row[8])));
    return td;
  }

  // A cell as the server writes it (generator/render.py, result_row): the value's class, or
  // the column's name, which a phone shows before the cell of a card (stylesheets/extra.css).
  function cell(table, column) {
    var td = document.createElement("td"), heading = table.tHead.rows[0].cells[column];
    td.style.textAlign = heading.style.textAlign;
    if (column === 0) td.className = "result-value";
    else td.setAttribute("data-label", heading.textContent.trim());
    return td;
  }

  function linkCell(table, column, text, href) {
    var td = cell(table, column);
    if (href) {
      var a = document.createElement("a");
      a.href = href;
      a.textContent = text;
      td.appendChild(a);
    } else {
      td.textContent = text;
    }
    return td;
  }

  function showPage(state, page, focus) {
    var data = state.data, table = state.table, size = state.size, root = state.root;
    var count = Math.max(1, Math.ceil(state.order.length / size));
    state.page = Math.min(Math.max(page, 1), count);
    var first = (state.page - 1) * size, shown = state.order.slice(first, first + size);
    var body = table.tBodies[0];
    while (body.firstChild) body.removeChild(body.firstChild);
    shown.forEach(function (index) {
      var row = data.rows[index], tr = document.createElement("tr");
      var value = cell(table, 0);
      value.textContent = row[1];
      value.setAttribute("data-kind", row[2]);
      tr.appendChild(value);
      tr.appendChild(claimCell(table, row));
      var device = row[4] < 0 ? null : data.devices[row[4]];
      tr.appendChild(linkCell(table, 2, device ? device[0] : "", device && device[1] ? root + device[1] : ""));
      var paper = data.papers[row[5]];
      tr.appendChild(linkCell(table, 3, paper[1], root + "papers/" + paper[0] + "/"));
      body.appendChild(tr);
    });
    markRepeats(table);
    state.status.textContent = "All " + state.order.length + " rows sorted by " + state.by + " (" +
      (state.ascending ? "ascending" : "descending") + "): rows " + (shown.length ? first + 1 : 0) + "–" +
      (first + shown.length) + ", page " + state.page + " of " + count + ".";
    drawPager(state, count, focus);
  }

  function numbers(page, count) {
    var shown = [], out = [];
    for (var n = 1; n <= count; n++) {
      if (n === 1 || n === count || Math.abs(n - page) <= AROUND) shown.push(n);
    }
    shown.forEach(function (n) {
      var last = out.length ? out[out.length - 1] : null;
      if (last !== null && n - last === 2) out.push(n - 1);
      else if (last !== null && n - last > 2) out.push(null);
      out.push(n);
    });
    return out;
  }

  function drawPager(state, count, focus) {
    var nav = state.pager, list = document.createElement("ul");
    while (nav.firstChild) nav.removeChild(nav.firstChild);
    nav.hidden = count < 2;
    function add(text, page, label, name) {
      var item = document.createElement("li"), button = document.createElement("button");
      button.type = "button";
      button.textContent = text;
      button.setAttribute("aria-label", label);
      button.dataset.name = name;
      if (name === String(state.page)) button.setAttribute("aria-current", "page");
      button.addEventListener("click", function () {
        showPage(state, page, name);
        var top = state.table.getBoundingClientRect().top;
        if (top < 0) state.table.scrollIntoView();
      });
      item.appendChild(button);
      list.appendChild(item);
    }
    if (state.page > 1) add("Previous", state.page - 1, "Previous page", "previous");
    numbers(state.page, count).forEach(function (n) {
      if (n === null) {
        var gap = document.createElement("li"), dots = document.createElement("span");
        dots.className = "pager-gap";
        dots.textContent = "…";
        gap.appendChild(dots);
        list.appendChild(gap);
      } else {
        add(String(n), n, "Page " + n, String(n));
      }
    });
    if (state.page < count) add("Next", state.page + 1, "Next page", "next");
    nav.appendChild(list);
    if (focus) {
      var target = nav.querySelector('button[data-name="' + focus + '"]') || nav.querySelector("[aria-current]");
      if (target) target.focus();
    }
  }

  function sortAll(container, table, column, heading) {
    var source = container.dataset.rows;
    var ascending = heading.getAttribute("aria-sort") !== "ascending";
    var state = container.sortState;
    if (!state) {
      var status = document.createElement("p");
      status.className = "sort-status";
      status.setAttribute("role", "status");
      container.insertBefore(status, container.firstChild);
      var pager = document.createElement("nav");
      pager.className = "pager pager--sorted";
      pager.setAttribute("aria-label", "Pages of sorted results");
      pager.hidden = true;
      container.appendChild(pager);
      state = container.sortState = {
        table: table, status: status, pager: pager, page: 1,
        size: parseInt(container.dataset.pageSize, 10) || 100,
        // The site's root, from the page: rows.json is at its RESULTS_JSON.
        root: source.slice(0, source.length - RESULTS_JSON.length),
      };
    }
    state.status.textContent = "Loading all rows to sort…";
    table.setAttribute("aria-busy", "true");
    load(source).then(function (data) {
      var node = container.dataset.node;
      var rows = node && data.nodes[node] ? data.nodes[node] : data.rows.map(function (row, index) { return index; });
      var keys = rows.map(function (index) { return key(data, data.rows[index], column); });
      state.data = data;
      var compare = isResultColumn(heading) ? compareResults : compareKeys;
      state.order = order(keys, ascending, compare).map(function (at) { return rows[at]; });
      state.ascending = ascending;
      state.by = heading.textContent.trim();
      container.querySelectorAll("nav.pager:not(.pager--sorted)").forEach(function (nav) {
        nav.hidden = true;  // the server's pages hold the unsorted rows
      });
      markSorted(table, heading, ascending);
      showPage(state, 1);
    }).catch(function (error) {
      state.status.textContent = "Could not load all rows (" + error.message + "): this page's rows are sorted.";
      sortRows(table, column, heading);
    }).then(function () {
      table.removeAttribute("aria-busy");
    });
  }

  function setUp() {
    document.querySelectorAll(".sortable-table table").forEach(function (table) {
      if (table.dataset.sortable || !table.tHead || !table.tBodies.length) return;
      table.dataset.sortable = "true";
      var container = table.closest(".sortable-table");
      Array.prototype.forEach.call(table.tHead.rows[0].cells, function (heading, column) {
        var button = document.createElement("button");
        button.type = "button";
        button.className = "sort-button";
        button.title = "Sort by " + heading.textContent.trim();
        while (heading.firstChild) button.appendChild(heading.firstChild);
        heading.appendChild(button);
        button.addEventListener("click", function () {
          if (container.dataset.rows) sortAll(container, table, column, heading);
          else sortRows(table, column, heading);
        });
      });
    });
  }

  if (typeof document$ !== "undefined") document$.subscribe(setUp);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
})();
