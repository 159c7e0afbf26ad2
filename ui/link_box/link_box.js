// A link to copy (ui/link_box): Python gives the address and its label; this draws them and
// copies the address when the button is pressed. The clipboard API needs a secure page (https
// or localhost); on a plain-http classroom server the text is selected and the browser's own
// copy command is tried, and failing that the learner is told to press Ctrl+C.
const boxes = new WeakMap();

function createBox(parentElement) {
  const root = parentElement.querySelector(".link-box");
  const label = root.querySelector(".label");
  const address = root.querySelector(".address");
  const button = root.querySelector(".copy");
  const status = root.querySelector(".status");
  let timer = 0;
  let words = {}; // the box's texts, in the page's language (ui/link_box/__init__.py)

  const say = (words) => {
    status.textContent = words;
    clearTimeout(timer);
    timer = setTimeout(() => { status.textContent = ""; }, 5000);
  };

  const selectAddress = () => {
    const range = document.createRange();
    range.selectNodeContents(address);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  };

  const copy = async () => {
    const text = address.textContent;
    if (navigator.clipboard && window.isSecureContext) {
      try {
        await navigator.clipboard.writeText(text);
        say(words.copied);
        return;
      } catch (error) {
        // refused (no permission, page not focused): the older way below
      }
    }
    selectAddress();
    let copied = false;
    try {
      copied = document.execCommand("copy");
    } catch (error) {
      copied = false;
    }
    say(copied ? words.copied : words.selected);
  };
  button.addEventListener("click", copy);

  return {
    update({ data }) {
      words = data.text;
      label.textContent = `${data.label}:`;
      root.setAttribute("aria-label", data.label);
      button.setAttribute("aria-label", data.text.copyLabel);
      if (button.textContent !== data.text.button) button.textContent = data.text.button;
      if (address.textContent !== data.address) address.textContent = data.address;
    },
    cleanup() {
      clearTimeout(timer);
    },
  };
}

export default function render(args) {
  const { parentElement } = args;
  let box = boxes.get(parentElement);
  if (!box) {
    box = createBox(parentElement);
    boxes.set(parentElement, box);
  }
  box.update({ data: JSON.parse(new TextDecoder().decode(args.data)) }); // JSON in UTF-8 (ui/component.py)
  return box.cleanup;
}
