// Tables of papers that hold a whole list (<table class="paper-table" data-sortable>,
// written by site_templates/_papers.md.j2): the Paper and Year headings become
// buttons that sort the rows by title or by year, then the other way round. Each
// cell's data-sort holds the key (a lowercased title, a year). aria-sort tells
// assistive technology the current order. A list over several pages keeps the
// server's order, newest first. document$ re-runs this after Material's instant
// navigation loads a page.
document$.subscribe(function () {
  var collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });
  var COLUMNS = { 0: "text", 1: "number" };  // Paper, Year

  function sortBy(table, column, ascending) {
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var key = function (row) { return row.cells[column].getAttribute("data-sort") || ""; };
    rows.sort(function (a, b) {
      var result = COLUMNS[column] === "number" ? Number(key(a)) - Number(key(b)) : collator.compare(key(a), key(b));
      return ascending ? result : -result;
    });
    rows.forEach(function (row) { body.appendChild(row); });
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (cell, index) {
      if (index === column) cell.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      else cell.removeAttribute("aria-sort");
    });
  }

  document.querySelectorAll("table.paper-table[data-sortable]").forEach(function (table) {
    Object.keys(COLUMNS).forEach(function (name) {
      var column = Number(name);
      var heading = table.tHead.rows[0].cells[column];
      if (heading.querySelector("button")) return;
      var button = document.createElement("button");
      button.type = "button";
      button.className = "sort-button";
      button.textContent = heading.textContent;
      heading.textContent = "";
      heading.appendChild(button);
      button.addEventListener("click", function () {
        // The first press sorts A to Z, or oldest first (the list comes newest first).
        sortBy(table, column, heading.getAttribute("aria-sort") !== "ascending");
      });
    });
  });
});
