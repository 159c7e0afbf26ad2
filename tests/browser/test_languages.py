"""The three languages in a real browser: `?lang=ru` and `?lang=zh` on a desktop and on a phone,
with the page's <html lang>, the menu and the page in that language, and Chinese drawn with the
app's own font (this machine has no CJK font: without it, the characters are empty boxes; on an
English page, the Chinese note's title: tests/browser/test_pages.py, `LANGUAGES`)."""

import re

import pytest
from playwright.sync_api import expect

from devtools.waits import choose, press, settle, wait_for_app
from tests.browser.checks import CJK_FONT_LOADED

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("lang", "menu_entry"), [("ru", "Песочница"), ("zh", "练习场")])
def test_a_page_opened_in_a_language_speaks_it(page, lang, menu_entry, app_url, shot):
    """Opened on a desktop, then made a phone's width (the language is the page's, not the
    screen's: one open shows both)."""
    page.goto(f"{app_url}/learn-continuous?lang={lang}")
    settle(page)
    assert page.evaluate("document.documentElement.lang") == lang
    expect(page.get_by_role("link", name=menu_entry, exact=True)).to_be_visible()
    if lang == "zh":
        page.wait_for_function(CJK_FONT_LOADED)
    shot(f"language-{lang}-page")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(f"language-{lang}-phone", resized=True)


def test_a_language_switch_keeps_each_choice_shown_in_the_new_words(page, app_url):
    """A choice's words change with the language, its value does not: after a switch the radio
    still shows its choice and the cut-off box its option, in the new words (Streamlit's browser
    side kept the old words, so the radio showed no choice and the box its English label)."""
    from i18n import speaking, tr
    from ndcg_core.model import NO_CUTOFF
    from ndcg_core.options import CUTS, GAINS
    from ui.language import SWITCH_LABEL

    page.goto(f"{app_url}/playground?lang=en&pool=2,0.7")
    settle(page)
    press(page.get_by_text(GAINS["exponential"].label, exact=True))  # below the fold
    expect(page).to_have_url(re.compile("gain=exponential"))
    choose(page.get_by_role("combobox", name="Cut-off k"), CUTS[NO_CUTOFF].label)
    expect(page).to_have_url(re.compile("k=none"))
    wait_for_app(page)  # the cut-off's run redraws the menu: a list opened before it closes
    choose(page.get_by_role("combobox", name=SWITCH_LABEL), "Русский")
    with speaking("ru"):
        gain, cut, box = tr(GAINS["exponential"].label), tr(CUTS[NO_CUTOFF].label), tr("Cut-off k")
    expect(page.get_by_role("radio", name=gain)).to_be_checked()
    expect(page.get_by_role("combobox", name=box)).to_have_value(cut)


def test_the_note_under_a_table_wider_than_a_phone_speaks_the_language(phone, app_url):
    """The note app.css writes under a wide table, and the table's name for a screen reader
    (app.js), are the page's language's (ui/style.py sends them)."""
    phone.goto(f"{app_url}/metrics?lang=ru")
    settle(phone)
    phone.get_by_text("📚 Что читает каждая мера, в таблице").click()
    wide = phone.locator('[data-ndcg-scrolls="1"]').first
    expect(wide).to_be_attached()
    note = wide.evaluate("(e) => getComputedStyle(e, '::after').content")
    assert "Шире экрана" in note, note
    table = phone.locator("[data-ndcg-scrollable]").first
    expect(table).to_have_attribute("aria-label", "Таблица шире экрана: прокрутите вбок")


@pytest.mark.parametrize("lang", ["ru", "zh", "en"])
def test_a_file_uploaders_own_words_speak_the_language(page, app_url, lang):
    """Streamlit writes an uploader's button and size limit in English whatever the page
    speaks; the page's script says them in its language (ui/style.py, app.js)."""
    from i18n import speaking, tr

    page.goto(f"{app_url}/compare?lang={lang}&sample=upload")
    settle(page)
    with speaking(lang):
        button, limit = tr("Upload"), tr("{mb} MB per file", mb=50)
    if lang == "en":
        button, limit = "Upload", "50MB per file"  # Streamlit's own, left as it writes them
    uploader = page.get_by_test_id("stFileUploader").first
    expect(uploader.get_by_test_id("stBaseButton-secondary")).to_have_text(re.compile(button))
    expect(uploader.get_by_test_id("stFileUploaderDropzoneInstructions")).to_have_text(limit)
