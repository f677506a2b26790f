import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OneLineText } from './OneLineText';

describe('OneLineText', () => {
  it('keeps a text to one line by CSS, whole in its title, without measuring it', () => {
    const reads = [vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get'), vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get')];
    const observed = vi.fn();
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe = observed;
        unobserve() {}
        disconnect() {}
      },
    );
    const names = Array.from({ length: 20 }, (_, index) => `un_nombre_de_miembro_muy_largo_${index}`);
    render(
      <ul>
        {names.map((name) => (
          <li key={name}>
            <OneLineText strong text={name} />
          </li>
        ))}
      </ul>,
    );
    // Strong text is a <strong> inside antd's span, which carries the title and the style.
    const first = screen.getByText(names[0]!).closest('.ant-typography');
    expect(first).toHaveAttribute('title', names[0]);
    expect(first).toHaveStyle({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
    for (const read of reads) expect(read).not.toHaveBeenCalled();
    expect(observed).not.toHaveBeenCalled();
  });
});
