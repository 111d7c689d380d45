// Accessible names that Material's templates leave out: its search dialog and
// its instant-navigation progress bar have a role but no name (axe-core rules
// aria-dialog-name and aria-progressbar-name). document$ emits on every page,
// including those loaded by instant navigation.
document$.subscribe(function () {
  var names = { ".md-search": "Search", ".md-progress": "Page loading progress" };
  Object.keys(names).forEach(function (selector) {
    document.querySelectorAll(selector).forEach(function (element) {
      if (!element.hasAttribute("aria-label")) element.setAttribute("aria-label", names[selector]);
    });
  });
});
