import { type KeyboardEvent, type RefObject, useEffect, useRef } from 'react';

const ITEMS = '[role^="menuitem"]';
const itemsOf = (menu: HTMLElement | null) => [...(menu?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];

/**
 * The keyboard of a menu button (WAI-ARIA menu button pattern): opening moves focus to the checked item (else the
 * first), ArrowDown and ArrowUp move through the items and wrap, Home and End go to the ends, Escape closes and gives
 * focus back to the button, and Tab closes the menu on its way to the next control. The items take no place in the
 * tab order (`tabIndex={-1}`), so Tab never walks into a menu that is about to close.
 */
export function useMenuKeys(
  open: boolean,
  setOpen: (open: boolean) => void,
  button: RefObject<HTMLButtonElement | null>,
  menu: RefObject<HTMLElement | null>,
) {
  /** Which item takes focus when the menu opens: the first, the last, or the checked one. */
  const start = useRef<'first' | 'last' | 'checked'>('checked');
  const items = () => itemsOf(menu.current);

  useEffect(() => {
    if (!open) return;
    const all = itemsOf(menu.current);
    const target =
      start.current === 'last'
        ? all.at(-1)
        : start.current === 'first'
          ? all[0]
          : (all.find((item) => item.getAttribute('aria-checked') === 'true') ?? all[0]);
    target?.focus();
    start.current = 'checked';
  }, [open, menu]);

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    start.current = event.key === 'ArrowDown' ? 'first' : 'last';
    if (open) items()[event.key === 'ArrowDown' ? 0 : items().length - 1]?.focus();
    else setOpen(true);
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const go = (index: number) => {
      event.preventDefault();
      all[(index + all.length) % all.length]?.focus();
    };
    if (event.key === 'ArrowDown') go(at + 1);
    else if (event.key === 'ArrowUp') go(at < 0 ? -1 : at - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(-1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'Tab') {
      // The browser's own Tab then moves on from the button, past the items, to the next control.
      button.current?.focus();
      setOpen(false);
    }
  };

  return { onButtonKeyDown, onMenuKeyDown };
}
