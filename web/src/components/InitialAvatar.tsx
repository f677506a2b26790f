import { Avatar, type AvatarProps } from 'antd';
import { initial } from '../layout/avatar';

interface InitialAvatarProps extends Omit<AvatarProps, 'icon' | 'children'> {
  /** Whose avatar: its first letter shows when there is no picture, or it does not load. */
  name: string;
}

/**
 * An avatar: the picture at `src`, else the first letter of `name`. The letter goes in as
 * antd's icon rather than as its text: antd measures a text avatar after it renders and on every
 * resize, to scale the text into the circle (two layout reads, then a style change), so a list
 * of them forced the page's layout once per avatar while it loaded. One capital letter fits.
 */
export function InitialAvatar({ name, ...props }: InitialAvatarProps) {
  return <Avatar {...props} icon={<span>{initial(name)}</span>} />;
}
