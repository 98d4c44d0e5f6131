/**
 * A screen that ends its action with a full page load (login, the Appearance save) asks the
 * next page to put focus on its main heading: on a first load the browser leaves focus on the
 * body, and the result of the action must hold it (docs/screens.md, "Where am I"; issue 49 item 9).
 */
const KEY = 'focusAfterLoad';

/** Before `window.location.assign`: the page that loads next focuses its heading. */
export function focusAfterLoad() {
  sessionStorage.setItem(KEY, 'yes');
}

/** Read once by the first load: whether the page before asked for its heading's focus. */
export function takeFocusAfterLoad(): boolean {
  const asked = sessionStorage.getItem(KEY) === 'yes';
  sessionStorage.removeItem(KEY);
  return asked;
}
