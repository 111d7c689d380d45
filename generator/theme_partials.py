"""Material's navigation and tabs, rendered once for all the pages outside the nav that link
to it alike, instead of once a page.

Material renders its nav sidebar and its tabs (`partials/nav.html`, `partials/tabs.html`) on
every page: at 10,000 papers a tenth of the build. A page that is not in the nav (a paper,
a device, a topic: every generated page but the few the nav lists) marks no item of them as
its own, so what they render depends only on where the page is, through the relative links
to the nav's pages. The theme's overrides of the two partials
(`site_templates/overrides/partials/`) call `shared_partial(name)`, which renders Material's
own template once for each set of such links and hands it to every page that has them; a
page in the nav, or a page of no place (the 404 page), is rendered as Material renders it.
Made per build (`on_env`), so a template changed under `mkdocs serve` is read again.
"""

from __future__ import annotations

from collections.abc import Iterable

from jinja2 import Environment, FileSystemLoader, Template, pass_context
from jinja2.runtime import Context
from markupsafe import Markup
from mkdocs.utils import get_relative_url

# The partials whose output depends on the page only through the nav's links.
SHARED = ("partials/nav.html", "partials/tabs.html")


def install(env: Environment, theme_dirs: Iterable[str], nav_urls: Iterable[str], shared: bool = True) -> None:
    """Give `env` the `shared_partial` global. `theme_dirs`: the theme's template folders
    below the overrides (where Material's own partials are); `nav_urls`: the URLs of the
    nav's pages. With `shared=False` every page renders its own (what the tests compare)."""
    theme = FileSystemLoader(list(theme_dirs))
    originals: dict[str, Template] = {name: env.from_string(theme.get_source(env, name)[0]) for name in SHARED}
    targets = tuple(sorted(set(nav_urls) | {""}))
    rendered: dict[tuple, Markup] = {}

    @pass_context
    def shared_partial(context: Context, name: str) -> Markup:
        page = context.get("page")
        url = getattr(page, "url", None)
        if not shared or url is None or url in targets:
            return Markup(originals[name].render(context.get_all()))
        place = (name, *(get_relative_url(target, url) for target in targets))
        if place not in rendered:
            rendered[place] = Markup(originals[name].render(context.get_all()))
        return rendered[place]

    env.globals["shared_partial"] = shared_partial
