import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Collapse, Select } from 'antd';
import { describe, expect, it } from 'vitest';
import { Tabs } from '../components/Tabs';
import { KEPT_PROPERTIES, keepVisibility, writtenStyle } from './visibilityStyles';

type Computed = Map<Element, Record<string, string>>;

function computedOfEveryElement(): Computed {
  const out: Computed = new Map();
  for (const element of Array.from(document.body.querySelectorAll('*'))) {
    const style = window.getComputedStyle(element);
    out.set(element, Object.fromEntries(KEPT_PROPERTIES.map((p) => [p, style.getPropertyValue(p)])));
  }
  return out;
}

/** Runs fn with antd's stylesheets whole in the page, then puts the kept ones back. */
function withWholeStyles<T>(fn: () => T): T {
  const styles = Array.from(document.querySelectorAll('style'));
  const kept = styles.map((style) => style.textContent);
  // textContent, not innerHTML: the whole text, as antd wrote it.
  styles.forEach((style) => (style.textContent = writtenStyle(style) ?? style.textContent));
  try {
    return fn();
  } finally {
    styles.forEach((style, i) => (style.textContent = kept[i] ?? ''));
  }
}

describe('the styles kept in tests', () => {
  it('keeps only the four properties, in style and media rules', () => {
    const kept = keepVisibility(
      '.a{display:none;color:red}.b{color:blue}@media (max-width: 600px){.c{visibility:hidden;margin:0}}' +
        '.d{pointer-events:none !important;opacity:0.5}@keyframes k{from{opacity:0}}',
    );
    expect(kept).toBe(
      '.a{display:none}@media (max-width: 600px){.c{visibility:hidden}}.d{pointer-events:none !important;opacity:0.5}',
    );
  });

  it('give every element the display, visibility, pointer-events and opacity the whole stylesheets give', async () => {
    render(
      <>
        <Tabs items={[{ key: 'a', label: 'Primera', children: <p>Uno</p> }, { key: 'b', label: 'Segunda', children: <p>Dos</p> }]} />
        <Collapse items={[{ key: '1', label: 'Detalles', children: <p>Oculto</p> }]} />
        <Select aria-label="Entidad" options={[{ value: 'SCJN', label: 'Suprema Corte' }, { value: 'Congreso', label: 'Congreso' }]} />
        <Button disabled>Guardar</Button>
      </>,
    );
    // Visit the second tab, then open and close the select: both leave hidden elements behind.
    await userEvent.click(screen.getByRole('tab', { name: 'Segunda' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Entidad' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Congreso' }));
    expect(screen.getByText('Uno')).not.toBeVisible();

    const mine = computedOfEveryElement();
    const theirs = withWholeStyles(computedOfEveryElement);
    expect(mine.size).toBeGreaterThan(30);
    const differences: string[] = [];
    for (const [element, values] of mine) {
      for (const property of KEPT_PROPERTIES) {
        if (values[property] !== theirs.get(element)?.[property]) {
          differences.push(`${element.tagName} ${element.getAttribute('class') ?? ''} ${property}: ${values[property]} ≠ ${theirs.get(element)?.[property]}`);
        }
      }
    }
    expect(differences).toEqual([]);
  });
});
