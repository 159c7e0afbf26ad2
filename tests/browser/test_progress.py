"""The learner's progress in a real browser (ui/saved): an answered question stays answered after
a reload, Home ticks its stop, and Home's "Continue on another device" link opens the same
progress in a browser that has never seen the app. (How long the lessons are is measured by
bench/lesson_lengths.py, which writes what Home states; tests/pages/test_home.py checks it.)"""

from playwright.sync_api import expect

from devtools.waits import open_context, settle, wait_for_app
from ui import saved

STORED = f"() => !!localStorage.getItem({saved.STORAGE_KEY!r})"


def _answer_binary(page, app_url) -> None:
    page.goto(f"{app_url}/learn-binary")
    wait_for_app(page)
    page.get_by_label("Your guess").fill("0.7")
    page.get_by_role("button", name="Check my guess").click()
    # 1, 0, 1, 1, 0 at k = 3 scores 0.7039: 0.7 is within the ±0.05 asked for.
    expect(page.get_by_text("Your guess: 0.7.")).to_be_visible()
    expect(page.get_by_text("0.7039", exact=True).first).to_be_visible()
    settle(page)


def _binary_ticked(page):
    return page.get_by_role("checkbox", name="Binary relevance: done")


def test_an_answer_survives_a_reload_and_travels_in_the_progress_link(browser, app_url, shot):
    first = open_context(browser, viewport={"width": 1280, "height": 1600})
    other = open_context(browser, viewport={"width": 390, "height": 844})
    try:
        page = first.new_page()
        _answer_binary(page, app_url)
        page.reload()
        wait_for_app(page)
        expect(page.get_by_text("Your guess: 0.7.")).to_be_visible()

        page.goto(app_url)
        wait_for_app(page)
        expect(_binary_ticked(page)).to_be_checked()
        expect(page.get_by_text("Done so far: 1 of")).to_be_visible()
        box = page.get_by_role("group", name="Continue on another device")
        expect(box).to_contain_text(f"{saved.PARAM}=")
        link = box.locator("code").inner_text()
        shot("home-path-progress", of=page)

        # Another device: a browser with no storage of its own opens the link.
        phone = other.new_page()
        phone.goto(link)
        wait_for_app(phone)
        expect(_binary_ticked(phone)).to_be_checked()
        # The page has written what it read from the link into this browser's storage.
        phone.wait_for_function(STORED)
        phone.goto(f"{app_url}/learn-binary")
        wait_for_app(phone)
        expect(phone.get_by_text("Your guess: 0.7.")).to_be_visible()
    finally:
        first.close()
        other.close()


# A browser that refuses storage (private windows, blocked site data): every use throws.
NO_STORAGE = """Object.defineProperty(window, 'localStorage', {
  get() { throw new DOMException('The operation is insecure.', 'SecurityError'); },
});"""


def test_without_storage_progress_lasts_the_session(browser, app_url):
    context = open_context(browser, viewport={"width": 1280, "height": 1600})
    context.add_init_script(NO_STORAGE)
    try:
        page = context.new_page()
        _answer_binary(page, app_url)
        refused = "() => { try { window.localStorage; return false; } catch (e) { return true; } }"
        assert page.evaluate(refused)
        # Within the session (the menu's link keeps it), Home has the stop ticked.
        page.get_by_test_id("stSidebarNav").get_by_role("link", name="Home").click()
        expect(_binary_ticked(page)).to_be_checked()
        expect(page.get_by_test_id("stException")).to_have_count(0)
    finally:
        context.close()


def test_a_bad_link_is_said_to_a_learner_whose_browser_kept_progress(browser, app_url):
    # The kept progress is sent to the server on a page's first load, which reruns the page: the
    # link's messages, said on the run that read the link, must be said again on that rerun.
    context = open_context(browser, viewport={"width": 1280, "height": 1600})
    try:
        page = context.new_page()
        _answer_binary(page, app_url)
        page.wait_for_function(STORED)
        for address, said in (
            ("/practice?seed=many", "got 'many'"),
            ("/?rels=3,2,1&gain=steep", "'steep' is not a gain"),
        ):
            page.goto(f"{app_url}{address}")
            wait_for_app(page)
            settle(page)
            expect(page.get_by_text(said)).to_be_visible()
    finally:
        context.close()
