// The learner's progress kept in the browser (ui/saved): on mount, what this browser stored
// under `data.key` is read from localStorage and sent to Python once (state "stored", with an
// id of this store's own); after that, whatever Python passes in `data.progress` is written
// back, but only once Python says it has read this store's report (`data.read` is its id), so
// a fresh page never overwrites what the browser kept before it is read. When the browser kept
// nothing, or refuses localStorage (private mode, blocked storage), nothing is sent (no rerun)
// and the progress lives in the session until there is some to write.
//
// When Python could not read all of what this store sent, it names another key
// (`data.aside.key`, for this store's id): the copy is kept there, exactly as it was, before
// anything is written, and the main key is cleared only if it still holds that copy. If the
// copy cannot be kept (storage full or refused), this store writes nothing: the copy stays.
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

function keepAside(key, aside, text) {
  try {
    const storage = window.localStorage;
    if (storage.getItem(aside) !== text) storage.setItem(aside, text);
    if (storage.getItem(aside) !== text) return false;
    if (storage.getItem(key) === text) storage.removeItem(key);
    return true;
  } catch (error) {
    return false;
  }
}

export default function render({ parentElement, data: bytes, setStateValue }) {
  const data = JSON.parse(new TextDecoder().decode(bytes)); // JSON in UTF-8 (ui/component.py)
  let box = mounted.get(parentElement);
  if (!box) {
    const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
    box = { id, sent: false, written: null, kept: "", aside: null, safe: true };
    mounted.set(parentElement, box);
  }
  if (!box.sent) {
    box.sent = true;
    const kept = readStored(data.key);
    box.kept = kept.stored;
    // Sending causes a rerun, which would drop what the first run said (a bad link's
    // message): send only when there is something for Python to merge. With nothing kept (or
    // storage refused) there is nothing a write could overwrite.
    if (kept.stored) setStateValue("stored", { ...kept, box: box.id });
    else box.free = true;
  }
  const aside = data && data.aside;
  if (aside && aside.key && aside.box === box.id && box.aside !== aside.key) {
    box.aside = aside.key;
    box.safe = keepAside(data.key, aside.key, box.kept);
  }
  // Python passes "" while there is no progress: nothing is worth writing yet.
  if (
    data &&
    box.safe &&
    (box.free || data.read === box.id) &&
    typeof data.progress === "string" &&
    data.progress &&
    data.progress !== box.written
  ) {
    box.written = data.progress;
    write(data.key, data.progress);
  }
}
