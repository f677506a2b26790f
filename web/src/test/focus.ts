import { act } from '@testing-library/react';
import { listenForWindowFocus } from '../api/queryClient';

/** The window regains focus, heard by the app's focus listener. */
export async function focusWindow(): Promise<void> {
  listenForWindowFocus();
  await act(async () => {
    window.dispatchEvent(new Event('focus'));
  });
}
