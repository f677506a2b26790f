import type { FormRule } from 'antd';

export const PHONE_MESSAGE = 'Escribe un teléfono válido';

/** Digits with an optional +, spaces, dashes, dots and parentheses; 7 to 20 digits. */
export function isPhone(value: string): boolean {
  const text = value.trim();
  if (!/^[0-9+\-.() ]+$/.test(text)) return false;
  const digits = text.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 20;
}

/** Checks a phone number when one is given. */
export const PHONE_RULE: FormRule = {
  validator: (_rule, value: unknown) =>
    typeof value !== 'string' || value.trim() === '' || isPhone(value) ? Promise.resolve() : Promise.reject(new Error(PHONE_MESSAGE)),
};
