/**
 * The orders view's address as the changes asked of it leave it, which a change starts from.
 *
 * The router applies an address change in a React transition: until that render commits, a render
 * for a click or a keystroke still sees the address before it, and a change built from that render's
 * address writes back what the change before removed (a cleared search came back with the next filter,
 * and the list showed the one order searched for). So every change starts from the newest address
 * asked for here. An address the router renders that was never asked for here (Back, a link, another
 * screen's navigation) becomes the start instead; the one this screen asked for arriving, or the old
 * one rendered again, changes nothing.
 */
export class ViewAddress {
  /** Addresses asked for and not rendered yet, oldest first. */
  private pending: string[] = [];
  private newest: string;
  private rendered: string;

  constructor(rendered: string) {
    this.newest = rendered;
    this.rendered = rendered;
  }

  /** The address a render of the screen shows (`URLSearchParams.toString()`). */
  sawRendered(search: string): void {
    if (search === this.rendered) return;
    this.rendered = search;
    const at = this.pending.indexOf(search);
    if (at >= 0) {
      // one this screen asked for has arrived: the ones asked for after it still stand
      this.pending = this.pending.slice(at + 1);
      return;
    }
    this.pending = [];
    this.newest = search;
  }

  /** The address after `update`, applied to the newest address asked for; the next change starts from it. */
  next(update: (current: URLSearchParams) => URLSearchParams): URLSearchParams {
    const next = update(new URLSearchParams(this.newest));
    this.newest = next.toString();
    // the address shown already is no change to wait for
    this.pending = this.newest === this.rendered ? [] : [...this.pending, this.newest];
    return next;
  }
}
