// Sortable tables: each table inside <div class="sortable-table"> gets a button in
// every column heading; pressing it sorts the rows by that column (numbers by
// value, "3.6×" and "156 TFLOPS" included; anything else alphabetically), then
// the other way round. aria-sort tells assistive technology the current order.
// Nothing is loaded from elsewhere; document$ re-runs it after Material's
// instant navigation loads a page.
(function () {
  function number(text) {
    var match = text.replace(/,/g, "").match(/-?\d+(?:\.\d+)?/);
    return match ? parseFloat(match[0]) : NaN;
  }

  function sortBy(table, column, button) {
    var heading = button.parentNode;
    var ascending = heading.getAttribute("aria-sort") !== "ascending";
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var texts = rows.map(function (row) {
      var cell = row.cells[column];
      return cell ? cell.textContent.trim() : "";
    });
    var numeric = texts.every(function (text) { return text === "" || !isNaN(number(text)); });
    var order = rows.map(function (row, index) { return index; });
    order.sort(function (a, b) {
      var x = texts[a], y = texts[b], result;
      if (x === "" || y === "") result = (x === "") - (y === "");  // empty cells last
      else if (numeric) result = ascending ? number(x) - number(y) : number(y) - number(x);
      else result = ascending ? x.localeCompare(y) : y.localeCompare(x);
      return result || a - b;
    });
    order.forEach(function (index) { body.appendChild(rows[index]); });
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (cell) {
      cell.removeAttribute("aria-sort");
    });
    heading.setAttribute("aria-sort", ascending ? "ascending" : "descending");
  }

  function setUp() {
    document.querySelectorAll(".sortable-table table").forEach(function (table) {
      if (table.dataset.sortable || !table.tHead || !table.tBodies.length) return;
      table.dataset.sortable = "true";
      Array.prototype.forEach.call(table.tHead.rows[0].cells, function (cell, column) {
        var button = document.createElement("button");
        button.type = "button";
        button.className = "sort-button";
        button.title = "Sort by " + cell.textContent.trim();
        while (cell.firstChild) button.appendChild(cell.firstChild);
        cell.appendChild(button);
        button.addEventListener("click", function () { sortBy(table, column, button); });
      });
    });
  }

  if (typeof document$ !== "undefined") document$.subscribe(setUp);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
})();
