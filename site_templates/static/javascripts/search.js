/* The header's search box, over the Pagefind index that the build writes to pagefind/.
 *
 * Material draws its search box only with its own search plugin, whose single index
 * every page downloads whole (25 MB at 10,000 papers). This script puts the same box,
 * with Material's classes, in the header, and asks Pagefind, which fetches only the
 * index fragments a query needs. Keys: "/", "s" or Ctrl+K opens it, Escape closes it,
 * the arrow keys move through the results, Enter opens the first one.
 */
(function () {
  "use strict";
  if (document.querySelector("[data-reading-list-search]")) return;
  const header = document.querySelector(".md-header__inner");
  const toggle = document.getElementById("__search");
  if (!header || !toggle) return;

  const config = JSON.parse(document.getElementById("__config").textContent);
  const base = new URL(config.base.replace(/\/?$/, "/"), location.href);  // the site's root, wherever it is hosted
  const SHOWN = 10;
  const ICON = {
    search: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" aria-hidden="true"><path d="M9.5 3A6.5 6.5 0 0 1 16 9.5c0 1.61-.59 3.09-1.56 4.23l.27.27h.79l5 5-1.5 1.5-5-5v-.79l-.27-.27A6.52 6.52 0 0 1 9.5 16 6.5 6.5 0 0 1 3 9.5 6.5 6.5 0 0 1 9.5 3m0 2C7 5 5 7 5 9.5S7 14 9.5 14 14 12 14 9.5 12 5 9.5 5"/></svg>',
    back: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" aria-hidden="true"><path d="M20 11v2H8l5.5 5.5-1.42 1.42L4.16 12l7.92-7.92L13.5 5.5 8 11z"/></svg>',
    close: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" aria-hidden="true"><path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z"/></svg>',
  };

  const button = document.createElement("label");
  button.className = "md-header__button md-icon";
  button.htmlFor = "__search";
  button.title = "Search (/)";  // a label: it names the search toggle, and may carry no aria-label
  button.innerHTML = ICON.search;

  const box = document.createElement("div");
  box.className = "md-search";
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-label", "Search");
  box.dataset.readingListSearch = "";
  box.innerHTML =
    '<label class="md-search__overlay" for="__search"></label>' +
    '<div class="md-search__inner" role="search">' +
    '<form class="md-search__form" name="search">' +
    '<input type="text" class="md-search__input" name="query" aria-label="Search papers, hardware and topics"' +
    ' placeholder="Search" autocapitalize="off" autocorrect="off" autocomplete="off" spellcheck="false"' +
    ' aria-controls="reading-list-search-results" required>' +
    '<label class="md-search__icon md-icon" for="__search">' + ICON.search + ICON.back + "</label>" +
    '<nav class="md-search__options" aria-label="Search"><button type="reset" class="md-search__icon md-icon"' +
    ' title="Clear" aria-label="Clear">' + ICON.close + "</button></nav>" +
    "</form>" +
    '<div class="md-search__output"><div class="md-search__scrollwrap" tabindex="0">' +
    '<div class="md-search-result"><div class="md-search-result__meta" aria-live="polite">' +
    'Type a paper, device or topic</div><ol class="md-search-result__list" id="reading-list-search-results"></ol>' +
    "</div></div></div></div>";
  const before = header.querySelector(".md-header__source");
  header.insertBefore(button, before);
  header.insertBefore(box, before);

  const form = box.querySelector("form");
  const input = box.querySelector("input");
  const meta = box.querySelector(".md-search-result__meta");
  const list = box.querySelector("ol");

  let pagefind = null;
  function load() {
    if (!pagefind) {
      pagefind = import(new URL("pagefind/pagefind.js", base).href).then(async (module) => {
        await module.options({ baseUrl: base.pathname });
        module.init();
        return module;
      }, (error) => {
        // No index yet (`mkdocs serve` makes it once the pages are served) or no connection:
        // say so, and try again at the next keystroke.
        pagefind = null;
        meta.textContent = "Search is not ready yet: its index is still being made. Try again in a moment.";
        throw error;
      });
    }
    return pagefind;
  }

  function open() {
    toggle.checked = true;
    input.focus();
    load().catch(() => {});
  }
  function close() {
    toggle.checked = false;
    input.blur();
  }

  // Only <mark> survives from an excerpt: every other character is shown as text.
  function excerpt(html) {
    const paragraph = document.createElement("p");
    const parsed = new DOMParser().parseFromString(html, "text/html").body;
    for (const node of parsed.childNodes) {
      if (node.nodeName === "MARK") {
        const mark = document.createElement("mark");
        mark.textContent = node.textContent;
        paragraph.append(mark);
      } else {
        paragraph.append(node.textContent);
      }
    }
    return paragraph;
  }

  function item(result) {
    const li = document.createElement("li");
    li.className = "md-search-result__item";
    const link = document.createElement("a");
    link.className = "md-search-result__link";
    link.href = result.url;
    const article = document.createElement("article");
    article.className = "md-search-result__article md-typeset";
    const title = document.createElement("h1");
    title.textContent = result.meta.title || result.url;
    const about = document.createElement("div");
    about.className = "reading-list-search__about";
    about.textContent = [result.meta.kind, result.meta.year, result.meta.hardware].filter(Boolean).join(" · ");
    article.append(title, about, excerpt(result.excerpt || ""));
    link.append(article);
    li.append(link);
    return li;
  }

  // "A100 80GB" is written "A100-80GB" in the papers: words with a digit among them are also
  // searched joined by a hyphen, and the pages of both searches shown together.
  function joined(words) {
    return words.length > 1 && words.some((word) => /\d/.test(word)) ? words.join("-") : null;
  }

  // Pagefind matches the start of a word ("quant" finds "quantization") and its stem
  // ("compression" finds "compresses"), and a word that starts no word by a shorter one ("H200"
  // finds "H20"): pages whose title or text holds each word (a name with a digit as typed, a
  // word by its stem) come first, and a query no page holds says so.
  function holds(data, words) {
    const text = ` ${data.meta.title || ""} ${data.content || ""}`.toLowerCase();
    return words.every((word) => word.toLowerCase().split("-").every((part) => {
      const start = /\d/.test(part) ? part : part.slice(0, Math.max(4, part.length - 4));
      return new RegExp("[^a-z0-9]" + start.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).test(text);
    }));
  }

  let latest = 0;
  async function search() {
    const query = input.value.trim();
    const asked = ++latest;
    if (!query) {
      list.replaceChildren();
      meta.textContent = "Type a paper, device or topic";
      return;
    }
    let engine;
    try {
      engine = await load();
    } catch (error) {
      return;  // load() said why
    }
    const found = await engine.debouncedSearch(query, {}, 40);  // ms: one search per pause in typing
    if (found === null || asked !== latest) return;  // a newer query is under way
    const words = query.split(/\s+/);
    const other = joined(words);
    const more = other ? (await engine.search(other)).results : [];
    if (asked !== latest) return;
    const seen = new Set();
    const all = [...found.results, ...more].filter((result) => !seen.has(result.id) && seen.add(result.id));
    const loaded = await Promise.all(all.slice(0, 2 * SHOWN).map((result) => result.data()));
    if (asked !== latest) return;
    const exact = loaded.filter((data) => holds(data, words) || (other && holds(data, [other])));
    const near = loaded.filter((data) => !exact.includes(data));
    const count = exact.length < loaded.length ? exact.length : all.length;
    meta.textContent = count === 0 && near.length ? `No page holds “${query}”; near matches`
      : count === 0 ? "No matching pages" : count === 1 ? "1 matching page"
      : count > SHOWN ? `${count} matching pages, the first ${SHOWN} shown` : `${count} matching pages`;
    list.replaceChildren(...(exact.length ? exact : near).slice(0, SHOWN).map(item));
  }

  function links() {
    return [...list.querySelectorAll("a")];
  }

  input.addEventListener("focus", () => { toggle.checked = true; load().catch(() => {}); });
  input.addEventListener("input", search);
  form.addEventListener("reset", () => { setTimeout(search); input.focus(); });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const first = links()[0];
    if (first) first.click();
  });
  toggle.addEventListener("change", () => { if (toggle.checked) open(); });
  list.addEventListener("click", (event) => { if (event.target.closest("a")) close(); });

  document.addEventListener("keydown", (event) => {
    const typing = event.target.closest && event.target.closest("input, textarea, select, [contenteditable]");
    if (toggle.checked) {
      const all = links();
      const at = all.indexOf(document.activeElement);
      if (event.key === "Escape") {
        event.preventDefault();
        close();
      } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const next = event.key === "ArrowDown" ? at + 1 : at - 1;
        if (next < 0) input.focus();
        else if (all[Math.min(next, all.length - 1)]) all[Math.min(next, all.length - 1)].focus();
      }
      return;
    }
    const shortcut = (event.key === "k" && (event.ctrlKey || event.metaKey)) ||
      (!typing && !event.ctrlKey && !event.metaKey && !event.altKey && (event.key === "/" || event.key === "s"));
    if (shortcut) {
      event.preventDefault();
      open();
    }
  });
})();
