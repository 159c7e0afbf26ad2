// The learner's progress kept in the browser (ui/saved): on mount, what this browser stored
// under `data.key` is read from localStorage and sent to Python once (state "stored"); after
// that, whatever Python passes in `data.progress` is written back, but only once Python says it
// has read the stored value (`data.merged`), so a fresh page never overwrites what the browser
// kept. A browser that
// refuses localStorage (private mode, blocked storage) sends `blocked`; the progress then lives
// in the session only, as Python keeps it anyway.
const mounted = new WeakMap();

function readStored(key) {
  try {
    return { stored: window.localStorage.getItem(key) || "", blocked: false };
  } catch (error) {
    return { stored: "", blocked: true };
  }
}

function write(key, text) {
  try {
    window.localStorage.setItem(key, text);
  } catch (error) {
    // storage refused or full: the session still holds the progress
  }
}

export default function render({ parentElement, data, setStateValue }) {
  let box = mounted.get(parentElement);
  if (!box) {
    box = { sent: false, written: null };
    mounted.set(parentElement, box);
  }
  if (!box.sent) {
    box.sent = true;
    setStateValue("stored", readStored(data.key));
  }
  if (data && data.merged && typeof data.progress === "string" && data.progress !== box.written) {
    box.written = data.progress;
    write(data.key, data.progress);
  }
}
