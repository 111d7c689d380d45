"""The template filters that look things up in the site: a link to a paper or to hardware, and
the rows of the tables of results and of papers every listing shows (`render.make_environment`
adds them to each build's environment)."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import quote, urlencode

from jinja2 import pass_context
from markupsafe import Markup

from .devices import hardware_ref, paper_devices
from .markup import anchor, one_line, paper_uri, safe_href, text, url_between
from ..content.hardware import HardwareNode
from ..content.model import Paper
from ..derive.facts import Evidence, Site
from ..derive.result import Result


def site_filters(site: Site, issues_url: str | None = None) -> dict[str, Callable[..., Markup]]:
    """The filters that look things up in `site` (and link reports to `issues_url`). (Filters, not globals: Jinja compiles a
    filter to a plain call, and a global function to `Context.call`, which inspects the
    callee on every call; these run once per paper on every listing page.)"""
    nodes = site.hardware.nodes

    @pass_context
    def paper_link(context, paper: Paper) -> Markup:
        """A link to `paper`'s page, its title as the text."""
        return anchor(url_between(context["page_uri"], paper_uri(paper.slug)), paper.title)

    @pass_context
    def hardware_link(context, node: HardwareNode | str, css: str | None = None) -> Markup:
        """A node (or its id) by its label, linked to its page where it has one: every mention
        of hardware on every page is written this way (devices.hardware_ref)."""
        return hardware_ref(site, node if isinstance(node, str) else node.id, context["page_uri"], css)

    def claim_html(result: Result) -> Markup:
        """The authors' words for a result, its number in bold (a curator's result without
        words shows its number). Its whole sentence stands in the abstract on the paper's page:
        on that page itself, or a click away from a listing's row."""
        if result.claim is None:
            return Markup(f"<strong>{text(result.shown)}</strong>")
        before, number, after = result.claim.parts
        return Markup(f"{text(before)}<strong>{text(number)}</strong>{text(after)}")

    def report_link(result: Result, paper: Paper) -> str:
        """A link to the repository's new-issue form, prefilled with the paper's file, the claim
        shown and its sentence ('' when the site knows no repository)."""
        if not issues_url:
            return ""
        shown = result.claim.text if result.claim else result.shown
        query = urlencode({"title": one_line(f"Result of {paper.slug}: {shown}")[:150],
                           "body": f"Paper file: content/papers/{paper.slug}.md\n"
                                   f"Claim shown: {shown}\n"
                                   f"Sentence: {result.sentence or '(a curator’s result)'}\n\n"
                                   f"What is wrong, and what the paper says:\n"}, quote_via=quote)
        return f' <a class="report-result" href="{text(issues_url + "?" + query)}" data-pagefind-ignore>Report a problem</a>'

    def result_row(result: Result, page_uri: str, paper: Paper | None = None, of: Paper | None = None,
                   same: bool = False) -> Markup:
        """One row of a results table (`_results.md.j2`) on the page `page_uri`: value, the
        claim in the authors' words, device[, paper]. The kind sorts the Result column (data-kind);
        it is never shown as words of its own. `of`: the paper of a table without a paper column."""
        device = hardware_ref(site, result.device, page_uri) if result.device in nodes else ""
        # data-label: the column's name, which a phone shows before each cell of a card.
        # Of a row, search reads only the claim (data-pagefind-ignore on the other cells).
        cells = [f'<td class="result-value" data-kind="{text(result.kind)}" style="text-align: right;" '
                 f'data-pagefind-ignore>{text(result.shown)}</td>',
                 # The report link is on the paper's page, one for each result: on every row of every
                 # listing it made much of a long list's site.
                 f'<td data-label="Claim">{claim_html(result)}{report_link(result, of) if of is not None else ""}</td>',
                 f'<td data-label="Device" data-pagefind-ignore>{device}</td>']
        if paper is not None:
            # `same`: the row before is this paper's, which shows its title (the row keeps it for
            # screen readers, out of the tab order).
            link = anchor(url_between(page_uri, paper_uri(paper.slug)), paper.title)
            if same:
                link = Markup(str.replace(link, "<a ", '<a tabindex="-1" ', 1))
            cells.append(f'<td data-label="Paper" data-pagefind-ignore>{link}</td>')
        return Markup(('<tr class="same-paper">' if same else "<tr>") + "".join(cells) + "</tr>")

    def paper_row(paper: Paper, page_uri: str, under: str | None = None, evidence: Evidence | None = None,
                  headline_on: str | None = None) -> Markup:
        """One row of a table of papers (`_papers.md.j2`) on the page `page_uri`: title, year,
        venue, hardware (with `under`, that node and below), code, the headline result. With
        `evidence`, the sentence that puts the paper on a device's page, folded under its title."""
        facts = site.facts[paper.slug]
        title = anchor(url_between(page_uri, paper_uri(paper.slug)), paper.title)
        if evidence is not None:
            why = text(evidence.sentence) if evidence.sentence else "Added by a curator."
            title += Markup(f'<details class="evidence"><summary>Why it is here</summary><p>{why}</p></details>')
        code = anchor(safe_href(paper.code), "Code") if paper.code else ""
        # Above a node, the headline is a result measured on that node or below it.
        on = headline_on or under
        shown = [r for r in facts.results if on is None or (r.device in nodes and on in site.hardware.lineage(r.device))]
        headline = shown[0] if shown else None
        cells = [(f'class="paper-title" data-sort="{text(paper.title.casefold())}"', title),
                 (f'data-label="Year" data-sort="{paper.year or 0}"', text(paper.year or "")),
                 ('data-label="Venue"', text(paper.venue or "")),
                 ('data-label="Hardware"', Markup(", ").join(hardware_ref(site, i, page_uri)
                                                             for i in paper_devices(site, paper.slug, under))),
                 ('data-label="Code"', code),
                 ('data-label="Headline result"', claim_html(headline) if headline else "")]
        return Markup("<tr>" + "".join(f"<td {attrs}>{cell}</td>" for attrs, cell in cells) + "</tr>")

    return dict(paper_link=paper_link, result_row=result_row, paper_row=paper_row, hardware_link=hardware_link)
