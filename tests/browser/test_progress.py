"""The learner's progress in a real browser (ui/saved): an answered question stays answered after
a reload, Home ticks its stop, and Home's "Continue on another device" link opens the same
progress in a browser that has never seen the app. A stored copy that cannot all be read is
kept, exactly as it was, under the key the page names, and the page works; a progress too long
for one link is said, and travels whole in a file downloaded on one device and opened on
another. (How long the lessons are is measured by bench/lesson_lengths.py, which writes what
Home states; tests/pages/test_home.py checks it.)"""

import base64
import zlib

import pytest
from playwright.sync_api import expect

from devtools.chromium import PHONE
from devtools.waits import open_context, settle, wait_for_app
from tests.browser.conftest import DESKTOP, MOTION
from ui import saved

STORED = f"() => !!localStorage.getItem({saved.STORAGE_KEY!r})"


# The binary lesson's question (does the relevant item below k = 3 change NDCG@3?) and the
# answer the core gives: the item raises IDCG@3, so NDCG@3 is lower with it.
BINARY_ANSWER = "NDCG@3 is lower with the item than without it"
ANSWERED = f"Your guess: {BINARY_ANSWER}."


def _pick_binary_answer(page) -> None:
    page.get_by_text(BINARY_ANSWER, exact=True).click()
    page.get_by_role("button", name="Check my guess").click()
    expect(page.get_by_text(ANSWERED)).to_be_visible()


def _answer_binary(page, app_url) -> None:
    page.goto(f"{app_url}/learn-binary")
    wait_for_app(page)
    _pick_binary_answer(page)
    # The reveal: 1, 0, 1, 1, 0 at k = 3 scores 0.7039.
    expect(page.get_by_text("0.7039", exact=True).first).to_be_visible()
    settle(page)


def _binary_ticked(page):
    return page.get_by_role("checkbox", name="Binary relevance: done")


def test_an_answer_survives_a_reload_and_travels_in_the_progress_link(
    new_browser, app_url, shot, tmp_path
):
    page = new_browser(viewport=DESKTOP)
    phone = new_browser(viewport={"width": 390, "height": 844})
    _answer_binary(page, app_url)
    page.reload()
    wait_for_app(page)
    expect(page.get_by_text(ANSWERED)).to_be_visible()

    # Home from the menu: the reloaded session has read the progress from storage (a new
    # document would read it again, and cost another open).
    page.get_by_test_id("stSidebarNav").get_by_role("link", name="Home").click()
    expect(_binary_ticked(page)).to_be_checked()
    wait_for_app(page)
    expect(page.get_by_text("Done so far: 1 of")).to_be_visible()
    box = page.get_by_role("group", name="Continue on another device")
    expect(box).to_contain_text(f"{saved.PARAM}=")
    link = box.locator("code").inner_text()
    shot("home-path-progress", of=page)

    # Another device: a browser with no storage of its own opens the link.
    phone.goto(link)
    wait_for_app(phone)
    expect(_binary_ticked(phone)).to_be_checked()
    # The page has written what it read from the link into this browser's storage.
    phone.wait_for_function(STORED)
    phone.goto(f"{app_url}/learn-binary")
    wait_for_app(phone)
    expect(phone.get_by_text(ANSWERED)).to_be_visible()

    # The same learner's browser, which keeps their progress: a file that is not progress, and
    # bad links, are said, and change nothing (on the pages the test has opened already: a
    # page's first open is most of a browser test's time).
    _a_file_that_is_not_progress_is_said_and_nothing_changes(page, app_url, tmp_path)
    _a_bad_link_is_said_to_a_learner_whose_browser_kept_progress(page, app_url)


# A browser that refuses storage (private windows, blocked site data): every use throws.
NO_STORAGE = """Object.defineProperty(window, 'localStorage', {
  get() { throw new DOMException('The operation is insecure.', 'SecurityError'); },
});"""


def test_without_storage_progress_lasts_the_session(browser, app_url):
    context = open_context(browser, **MOTION, viewport=DESKTOP)
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


def _a_bad_link_is_said_to_a_learner_whose_browser_kept_progress(page, app_url) -> None:
    # The kept progress is sent to the server on a page's first load, which reruns the page: the
    # link's messages, said on the run that read the link, must be said again on that rerun.
    page.wait_for_function(STORED)
    for address, said in (
        ("/practice?seed=many", "got 'many'"),
        ("/?rels=3,2,1&gain=steep", "'steep' is not a gain"),
        (f"/practice?seed=1&v=4&progress={INDEX_99}", "exercise 100 of practice set 1"),
    ):
        page.goto(f"{app_url}{address}")
        wait_for_app(page)
        settle(page)
        expect(page.get_by_text(said)).to_be_visible()


# --- What the browser kept, when it cannot all be read (nested, out of range, too long) -----------


def _storage(page) -> dict:
    return page.evaluate(
        "() => Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))"
    )


def _store_copy(page, app_url, text: str) -> None:
    """Put `text` in this browser's storage as its kept progress. A document of the app's origin
    must be open to reach it: the server's health answer ("ok", no script) is one, and costs
    nothing to open, where Home would run and draw the whole app."""
    page.goto(f"{app_url}/_stcore/health")
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [saved.STORAGE_KEY, text])


def _packed(text: str) -> str:
    raw = zlib.compress(text.encode())
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


NESTED = _packed("[" * 100_000 + "]" * 100_000)
INDEX_99 = _packed('{"v":1,"practice":{"1.4":{"99":[["0.5"],true],"0":[["0.5"],false]}}}')


# Each copy on one screen: what is kept and said does not depend on the screen's size, and the
# phone's screenshot shows the message where it is least roomy.
@pytest.mark.parametrize(
    ("text", "said", "name", "options"),
    [
        (NESTED, "nests brackets", "phone", PHONE),
        (INDEX_99, "exercise 100", "desktop", {"viewport": {"width": 1280, "height": 900}}),
    ],
    ids=["nested-phone", "index-desktop"],
)
def test_a_bad_stored_copy_is_kept_under_another_key_and_the_page_works(
    new_browser, app_url, shot, text, said, name, options
):
    aside = saved.aside_key(text)
    page = new_browser(**options)
    _store_copy(page, app_url, text)
    page.goto(f"{app_url}/practice?seed=1&v=4")
    wait_for_app(page)
    message = page.get_by_test_id("stAlert").filter(has_text="this browser kept")
    expect(message).to_contain_text(said)
    expect(message).to_contain_text(aside)
    page.wait_for_function(f"() => localStorage.getItem({aside!r}) !== null")
    kept = _storage(page)
    assert kept[aside] == text  # kept exactly as it was
    assert kept.get(saved.STORAGE_KEY) != text
    expect(page.get_by_test_id("stException")).to_have_count(0)
    if text == NESTED:  # the copy that once crashed every page, on its most visible page
        shot(f"progress-kept-aside-{name}", of=page)
    # The page works: answering saves progress beside the kept copy.
    page.get_by_role("button", name="Next →").click()
    wait_for_app(page)
    expect(page.get_by_text("Exercise 2 of 11")).to_be_visible()
    page.goto(f"{app_url}/learn-binary")
    wait_for_app(page)
    before = _storage(page).get(saved.STORAGE_KEY)
    _pick_binary_answer(page)
    page.wait_for_function(
        "([key, before]) => localStorage.getItem(key) !== before",
        arg=[saved.STORAGE_KEY, before],
    )
    after = _storage(page)
    assert after[aside] == text
    assert saved.decode(after[saved.STORAGE_KEY])["guesses"]
    # A reload reads the new copy: nothing more to say, the kept one untouched.
    page.goto(f"{app_url}/practice?seed=1&v=4")
    wait_for_app(page)
    settle(page)
    expect(page.get_by_test_id("stAlert").filter(has_text="this browser kept")).to_have_count(0)
    assert _storage(page)[aside] == text


def _long_progress() -> str:
    sets = {
        f"{seed}.4": {str(i): [[f"0.{(seed * 7 + i) % 100:02d}"], True] for i in range(11)}
        for seed in range(3000, 3150)
    }
    return saved.encode({"stops": ["learn-binary"], "guesses": {}, "practice": sets})


def test_a_progress_too_long_for_a_link_travels_whole_in_a_file(
    new_browser, app_url, shot, tmp_path
):
    # Playwright's contexts accept downloads unless told otherwise.
    page = new_browser(viewport=DESKTOP)
    other = new_browser(**PHONE)
    _store_copy(page, app_url, _long_progress())
    page.goto(app_url)
    wait_for_app(page)
    expect(page.get_by_text("more than one link can carry")).to_be_visible()
    expect(page.get_by_text("of your 150 practice sets")).to_be_visible()
    expect(_binary_ticked(page)).to_be_checked()
    download_button = page.get_by_role("button", name="Download your progress")
    page.get_by_text("more than one link can carry").scroll_into_view_if_needed()
    shot("progress-too-long-for-a-link-desktop", of=page)
    with page.expect_download() as caught:
        download_button.click()
    path = tmp_path / saved.FILE_NAME
    caught.value.save_as(path)
    assert caught.value.suggested_filename == saved.FILE_NAME

    other.goto(app_url)
    wait_for_app(other)
    expect(_binary_ticked(other)).not_to_be_checked()
    other.get_by_text("Move your progress with a file", exact=True).click()
    other.locator('input[type="file"]').set_input_files(str(path))
    expect(other.get_by_text("Opened “ndcg-lab-progress.json”: 1 lesson stops")).to_be_visible()
    expect(other.get_by_text("150 practice sets, added to your progress")).to_be_visible()
    wait_for_app(other)
    expect(_binary_ticked(other)).to_be_checked()
    other.get_by_text("Move your progress with a file", exact=True).scroll_into_view_if_needed()
    shot("progress-file-opened-phone", of=other)
    other.wait_for_function(STORED)
    kept = saved.decode(_storage(other)[saved.STORAGE_KEY])
    assert len(kept["practice"]) == 150
    # and a practice set from the file opens answered on the phone
    other.goto(f"{app_url}/practice?seed=3000&v=4")
    wait_for_app(other)
    expect(other.get_by_text("11 answered")).to_be_visible()


def _a_file_that_is_not_progress_is_said_and_nothing_changes(page, app_url, tmp_path) -> None:
    """On Home (`page` is on it) with kept progress."""
    page.wait_for_function(STORED)
    before = _storage(page)[saved.STORAGE_KEY]
    bad = tmp_path / "nested.json"
    bad.write_text("[" * 100_000 + "]" * 100_000)
    page.get_by_text("Move your progress with a file", exact=True).click()
    page.locator('input[type="file"]').set_input_files(str(bad))
    expect(
        page.get_by_text("“nested.json” nests brackets more than 32 levels deep")
    ).to_be_visible()
    expect(page.get_by_test_id("stException")).to_have_count(0)
    assert _storage(page)[saved.STORAGE_KEY] == before
