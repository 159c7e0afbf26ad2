// The learner's progress kept in the browser (ui/saved): on mount, what this browser stored
// under `data.key` is read from localStorage and sent to Python once (state "stored"); after
// that, whatever Python passes in `data.progress` is written back, but only once Python says it
// has read the stored value (`data.merged`), so a fresh page never overwrites what the browser
// kept. When the browser kept nothing, or refuses localStorage (private mode, blocked storage),
// nothing is sent (no rerun) and the progress lives in the session until there is some to write.
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
    const kept = readStored(data.key);
    // Sending causes a rerun, which would drop what the first run said (a bad link's
    // message): send only when there is something for Python to merge. With nothing kept (or
    // storage refused) there is nothing a write could overwrite.
    if (kept.stored) setStateValue("stored", kept);
    else box.free = true;
  }
  // Python passes "" while there is no progress: nothing is worth writing yet.
  if (
    data &&
    (data.merged || box.free) &&
    typeof data.progress === "string" &&
    data.progress &&
    data.progress !== box.written
  ) {
    box.written = data.progress;
    write(data.key, data.progress);
  }
}
