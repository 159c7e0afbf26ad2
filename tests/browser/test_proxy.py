"""The README's deployment, for real: two app processes behind nginx (deploy/serve.py).

Started on free loopback ports, then opened through nginx: scripts and styles come back
gzipped when the browser asks (and plain when it does not, byte for byte what the app serves);
browsers each stick to one process, tabs, websockets, reloads, page switches and uploads
included; and both processes serve sessions (nginx's access log names the process of every
request). A base path (`--base-path`) serves everything under it. Home's bare address is a
page nginx sends with Home's number in it, in the browser's language, which the app's page
replaces (ui/first_paint.py).
nginx comes from Debian (`make test` installs it, as it does chromium): only when it is missing
do these tests skip.
"""

from __future__ import annotations

import gzip
import re
import urllib.error
import urllib.request
from functools import partial
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from devtools.deployserver import Deployment, nginx_path, start_deployment
from devtools.waits import poll, wait_for_app
from i18n import speaking
from ndcg_core import ndcg, totals
from ndcg_core.display import fixed
from tests.browser.checks import card
from ui import urlparams

pytestmark = pytest.mark.skipif(
    nginx_path() is None,
    reason="nginx is not installed: `make test` installs it (apt-get install nginx)",
)

BOX = "Relevances, top of the ranking first"
COOKIE = "ndcg_route"


@pytest.fixture(scope="module")
def deployment():
    deployment = start_deployment(processes=2)
    try:
        yield deployment
    finally:
        deployment.stop()


def fetch(url: str, headers: dict[str, str] | None = None) -> tuple[bytes, dict[str, str]]:
    """The raw body (not decompressed) and the headers, lower-cased."""
    request = urllib.request.Request(url, headers=headers or {})
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.read(), {k.lower(): v for k, v in response.headers.items()}


def bundles(html: bytes) -> list[str]:
    """The page's own script and stylesheet paths, as its HTML names them."""
    return re.findall(r'(?:src|href)="\./(static/(?:js|css)/[^"]+)"', html.decode())


def upstream_of(deployment: Deployment, route: str) -> set[str]:
    """The app processes nginx sent this cookie's requests to (static files are nginx's own)."""
    return {
        line["upstream"]
        for line in deployment.access_log()
        if line["route"] == route and line["upstream"] != "-"
    }


def closed_streams(
    deployment: Deployment, path: str, at_least: int, route: str | None = None
) -> list[dict[str, str]]:
    """The websockets logged at `path` (for one route cookie, if given), once `at_least` are.

    nginx logs a websocket when it closes, so the lines of tabs just closed may take a moment."""
    return poll(
        lambda: [
            line
            for line in deployment.access_log()
            if line["path"] == path and route in (None, line["route"])
        ],
        until=lambda lines: len(lines) >= at_least,
        timeout=60,
    )


def route_for_each_process(deployment: Deployment) -> dict[str, str]:
    """A route cookie that nginx hashes onto each app process, found the way a browser gets one."""
    found: dict[str, str] = {}
    for _ in range(64):  # each try lands on either process: 64 misses in a row would be 2^-63
        _, headers = fetch(f"{deployment.url}/_stcore/health")
        route = re.search(rf"{COOKIE}=(\w+)", headers["set-cookie"]).group(1)
        # nginx writes the log line after it answers: a loaded machine may read it too early.
        upstreams = poll(partial(upstream_of, deployment, route), until=bool, timeout=60)
        assert len(upstreams) == 1, f"one cookie, several processes: {route} {upstreams}"
        found.setdefault(upstreams.pop(), route)
        if len(found) == len(deployment.app_urls):
            return found
    raise AssertionError(f"nginx sent every new browser to the same process: {found}")


def test_scripts_and_styles_are_gzipped_when_asked_and_plain_otherwise(deployment):
    html, headers = fetch(f"{deployment.url}/")
    assert headers["cache-control"] == "no-cache"  # the page itself is never cached
    paths = bundles(html)
    assert any(p.endswith(".js") for p in paths) and any(p.endswith(".css") for p in paths), paths
    # The biggest bundle, plotly's, is not named in the page: the browser loads it on demand.
    plotly = next(Path(deployment.state, "www", "static", "js").glob("PlotlyChart.*.js"))
    paths.append(f"static/js/{plotly.name}")
    checked = 0
    for path in paths:
        direct, _ = fetch(f"{deployment.app_urls[0]}/{path}")
        if len(direct) < 1024:  # not worth compressing (nginx's gzip_min_length)
            continue
        checked += 1
        body, headers = fetch(f"{deployment.url}/{path}", {"Accept-Encoding": "gzip"})
        assert headers.get("content-encoding") == "gzip", (path, headers)
        assert gzip.decompress(body) == direct, path
        assert "immutable" in headers["cache-control"], (path, headers)
        assert "Accept-Encoding" in headers["vary"]
        plain, headers = fetch(f"{deployment.url}/{path}")
        assert "content-encoding" not in headers and plain == direct, path
    assert checked >= 10, paths
    direct, _ = fetch(f"{deployment.app_urls[0]}/static/js/{plotly.name}")
    zipped, _ = fetch(f"{deployment.url}/static/js/{plotly.name}", {"Accept-Encoding": "gzip"})
    assert len(direct) > 4_000_000 and len(zipped) < 0.35 * len(direct), (len(direct), len(zipped))
    # The page itself (HTML from the app) is compressed on the fly.
    _, headers = fetch(f"{deployment.url}/playground", {"Accept-Encoding": "gzip"})
    assert headers.get("content-encoding") == "gzip"


def test_homes_bare_address_has_its_number_before_any_script_and_the_app_replaces_it(
    deployment, page
):
    default, _ = urlparams.read_list({})
    app_page, _ = fetch(f"{deployment.app_urls[0]}/")
    for accepted, lang in (("en-GB,en;q=0.8", "en"), ("ru-RU,ru;q=0.9", "ru"), ("zh-CN", "zh")):
        with speaking(lang):
            number = fixed(totals(default).ndcg)
        html, headers = fetch(f"{deployment.url}/", {"Accept-Language": accepted})
        assert f'id="ndcg-first-paint" lang="{lang}"'.encode() in html
        assert f"<strong>{number}</strong>".encode() in html
        assert bundles(html) == bundles(app_page)  # the app's own scripts, from the same place
        assert headers["cache-control"] == "no-cache" and "Accept-Language" in headers["vary"]
        assert f"{COOKIE}=" in headers["set-cookie"]  # sticky from the first request on
    for address in ("/?rels=3,2,1", "/playground"):  # another list, another page: the app's
        html, _ = fetch(f"{deployment.url}{address}")
        assert b"ndcg-first-paint" not in html, address

    # Before any script: the heading and the number, on screen.
    page.route("**/static/js/**", lambda route: route.abort())
    page.goto(f"{deployment.url}/")
    first = page.locator("#ndcg-first-paint")
    expect(first.get_by_role("heading", name="NDCG Lab")).to_be_visible()
    expect(first.locator("p > strong")).to_have_text(fixed(totals(default).ndcg))
    page.unroute("**/static/js/**")
    # With its scripts, the app's page, and the first paint gone.
    page.reload()
    wait_for_app(page)
    expect(page.locator("h1")).to_contain_text("NDCG Lab")
    expect(first).to_be_hidden()


def test_each_browser_sticks_to_one_process_and_both_processes_serve(
    new_browser, deployment, tmp_path
):
    routes = route_for_each_process(deployment)
    state = deployment.state
    responses: list[tuple[str, str, str | None]] = []
    recording = []  # the tabs whose responses are recorded

    def record(response):
        kind = response.request.resource_type
        if kind in ("script", "stylesheet"):
            responses.append((response.url, kind, response.headers.get("content-encoding")))

    def session(page, rels: list[int], typed: list[int], *, reload: bool):
        """A tab on the playground: open a link, type a list, (reload: the same list after)."""
        page.on("response", record)
        recording.append(page)
        page.goto(f"{deployment.url}/playground?rels={','.join(map(str, rels))}")
        wait_for_app(page)
        metric = page.get_by_test_id("stMetricValue").first
        expect(metric).to_have_text(f"{ndcg(rels):.4f}")
        box = page.get_by_role("textbox", name=BOX)
        box.fill(", ".join(map(str, typed)))
        box.press("Control+Enter")
        expect(metric).to_have_text(f"{ndcg(typed):.4f}")
        if reload:
            page.reload()
            wait_for_app(page)
            expect(page.get_by_role("textbox", name=BOX)).to_have_value(", ".join(map(str, typed)))
            expect(metric).to_have_text(f"{ndcg(typed):.4f}")
        return page

    def switch(page, link: str, path: str) -> None:
        """To another page by the menu: the same session, over the same websocket."""
        page.get_by_test_id("stSidebarNavLink").filter(has_text=link).click()
        expect(page).to_have_url(re.compile(path))

    def upload(page, folder: Path) -> None:
        """On /queries: upload a two-query CSV and see its mean NDCG."""
        run = folder / "run.csv"
        run.write_text(
            "query_id,doc_id,relevance,score\nann,m1,0,0.9\nann,m2,1,0.5\n"
            "bob,m1,1,0.3\nbob,m2,0,0.2\n"
        )
        wait_for_app(page)  # the page as drawn, not a run in progress
        source = page.get_by_role("radiogroup", name="Where the run comes from")
        source.get_by_text("Upload a CSV").click()
        page.locator('input[type="file"]').first.set_input_files(str(run))
        mean = (ndcg([0, 1]) + ndcg([1, 0])) / 2
        expect(card(page, "Mean NDCG@10")).to_have_text(f"{mean:.4f}")

    # Two browsers; each test's `new_browser` is one with no cookie yet. A tab no longer read is
    # left at once (its websocket closes, as at the end): an idle page is still drawn.
    first, other = (new_browser() for _ in range(2))
    a, b = first.context, other.context
    try:
        # Browser A gets its cookie from nginx, as any new visitor does.
        session(first, [3, 2, 3, 0, 1, 2], [3, 2, 3, 0, 1, 2, 3], reload=True)
        (route_a,) = [c["value"] for c in a.cookies() if c["name"] == COOKIE]
        (process_a,) = upstream_of(deployment, route_a)
        switch(first, "Ordering effects", r"/ordering")  # loads plotly's bundle, on demand
        expect(
            first.get_by_text(re.compile(r"This list has [\d,]+ distinct orderings"))
        ).to_be_visible()
        # Browser B arrives with a cookie that nginx hashes onto the other process.
        (process_b,) = set(routes) - {process_a}
        b.add_cookies([{"name": COOKIE, "value": routes[process_b], "url": deployment.url}])
        session(other, [0, 1, 2, 3], [0, 1, 3, 2, 2], reload=True)
        # An upload is an HTTP request that names its session: it must reach the same process.
        switch(other, "Many queries", r"/queries")
        upload(other, tmp_path)
        other.goto("about:blank")
        # A second tab in each browser: a session of its own, on its browser's process.
        session(a.new_page(), [1, 0, 2], [1, 0, 2, 3], reload=False).close()
        session(b.new_page(), [2, 2, 0, 1], [2, 0, 2, 1], reload=False).close()
        # The first tab (now on /ordering) still answers after the others came: back to the
        # playground, in the same session, and one more list.
        switch(first, "Playground", r"/playground")
        wait_for_app(first)  # typed into the playground as drawn, not into a run in progress
        box = first.get_by_role("textbox", name=BOX)
        box.fill("1, 2, 3")
        box.press("Control+Enter")
        expect(first.get_by_test_id("stMetricValue").first).to_have_text(f"{ndcg([1, 2, 3]):.4f}")
    finally:  # every tab's websocket closes, and nginx logs it
        for page in recording:
            page.remove_listener("response", record)
        for page in [*a.pages, *b.pages]:
            if page in (first, other):
                page.goto("about:blank")
            else:
                page.close()

    for route_used in (route_a, routes[process_b]):
        closed_streams(deployment, "/_stcore/stream", at_least=3, route=route_used)
    log = deployment.access_log()
    for route, process in ((route_a, process_a), (routes[process_b], process_b)):
        mine = [line for line in log if line["route"] == route and line["upstream"] != "-"]
        # Said when it fails: the requests that reached another process (nginx lists every
        # process it tried, "a, b", when the first failed), not the whole log.
        assert {line["upstream"] for line in mine} == {process}, [
            line for line in mine if line["upstream"] != process
        ]
        # Two tabs plus one reload: three websockets, each through nginx to that one process.
        streams = [line for line in mine if line["path"] == "/_stcore/stream"]
        assert len(streams) >= 3 and {line["status"] for line in streams} == {"101"}, streams
    assert {process_a, process_b} == deployment.app_addresses
    uploads = [line for line in log if line["path"].startswith("/_stcore/upload_file/")]
    assert uploads and all(line["upstream"] == process_b for line in uploads), uploads
    assert {line["status"] for line in uploads} <= {"200", "204"}, uploads

    # Every script and style the browsers loaded that has a gzipped twin came back gzipped.
    twins = [r for r in responses if (state / f"www{urlparse(r[0]).path}.gz").exists()]
    assert any("PlotlyChart" in url for url, _, _ in twins), "plotly's bundle was never loaded"
    assert all(encoding == "gzip" for _, _, encoding in twins), [r for r in twins if r[2] != "gzip"]


def test_a_base_path_serves_the_app_under_it(page):
    deployment = start_deployment(processes=1, base_path="ndcg")
    try:
        page.goto(f"{deployment.url}/playground?rels=3,2,1")
        wait_for_app(page)
        expect(page.get_by_test_id("stMetricValue").first).to_have_text("1.0000")
        # Its websocket closes with the document. Left, not closed: the tab is the next tests'
        # (the `page` fixture), and a closed one is opened again in a new context, whose
        # renderer compiles Streamlit's scripts anew.
        page.goto("about:blank")
        streams = closed_streams(deployment, "/ndcg/_stcore/stream", at_least=1)
        assert [line["status"] for line in streams] == ["101"], streams
        root = deployment.url.removesuffix("/ndcg")
        request = urllib.request.Request(f"{root}/", method="HEAD")
        opener = urllib.request.build_opener(_NoRedirect)
        with pytest.raises(urllib.error.HTTPError) as redirect:
            opener.open(request, timeout=10)
        assert redirect.value.code == 302 and redirect.value.headers["Location"].endswith("/ndcg/")
        html, _ = fetch(f"{deployment.url}/playground")
        script = next(p for p in bundles(html) if p.endswith(".js"))
        _, headers = fetch(f"{deployment.url}/{script}", {"Accept-Encoding": "gzip"})
        assert headers.get("content-encoding") == "gzip"
        _, headers = fetch(f"{deployment.url}/")
        assert "Path=/ndcg/" in headers["set-cookie"]
    finally:
        deployment.stop()


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None
