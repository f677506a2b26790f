/**
 * Keeps of the styles antd injects only what decides whether an element is shown and can be
 * pressed: display, visibility, pointer-events and opacity.
 *
 * Testing Library (every *ByRole query walks the candidates' ancestors), user-event (each
 * press checks pointer-events up the tree) and jest-dom (toBeVisible) ask jsdom for computed
 * styles, and jsdom resolves every declaration of every rule that matches, CSS variables
 * included: an antd button, with some 500 of them, took half a second a call, most of the
 * unit tests' time. jsdom still computes these four properties itself, with the same
 * cascade (its default stylesheet, specificity, !important, media queries, inline styles,
 * inheritance); only the declarations nothing in the tests reads are left out.
 * visibilityStyles.test.tsx holds the four equal to what the whole stylesheets give.
 */

/** The properties kept: what decides whether an element is shown or can be pressed. */
export const KEPT_PROPERTIES = ['display', 'visibility', 'pointer-events', 'opacity'] as const;

/**
 * The rules of css reduced to the kept properties. Only style rules and media rules are
 * kept, the rules jsdom's computed styles read.
 */
export function keepVisibility(css: string): string {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  return reduce(sheet.cssRules);
}

function reduce(rules: CSSRuleList): string {
  let out = '';
  for (const rule of Array.from(rules)) {
    if (rule instanceof CSSStyleRule) {
      const declarations = KEPT_PROPERTIES.filter((p) => rule.style.getPropertyValue(p) !== '').map(
        (p) => `${p}:${rule.style.getPropertyValue(p)}${rule.style.getPropertyPriority(p) ? ' !important' : ''}`,
      );
      if (declarations.length > 0) out += `${rule.selectorText}{${declarations.join(';')}}`;
    } else if (rule instanceof CSSMediaRule) {
      const inner = reduce(rule.cssRules);
      if (inner) out += `@media ${rule.media.mediaText}{${inner}}`;
    }
  }
  return out;
}

const written = new WeakMap<HTMLStyleElement, string>();

/**
 * Makes every <style> whose innerHTML is set (how antd's CSS-in-JS writes its styles) hold
 * only the kept properties, while reading innerHTML back gives what was written, so antd
 * sees its own text and does not write it again.
 */
export function keepOnlyVisibilityInStyles(): void {
  const inner = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');
  if (!inner?.get || !inner.set) throw new Error('jsdom has no innerHTML on Element.prototype');
  const { get, set } = inner;
  Object.defineProperty(HTMLStyleElement.prototype, 'innerHTML', {
    configurable: true,
    get(this: HTMLStyleElement) {
      return written.get(this) ?? get.call(this);
    },
    set(this: HTMLStyleElement, css: string) {
      written.set(this, css);
      set.call(this, keepVisibility(css));
    },
  });
}

/** What was written into a style element's innerHTML, whole. */
export function writtenStyle(style: HTMLStyleElement): string | undefined {
  return written.get(style);
}
