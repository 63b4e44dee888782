import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { splitButtonLook, type TButtonLookProps } from './button-look';

export type { TButtonSize, TButtonVariant } from './button-styles';

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'children'>, TButtonLookProps {}

export function Button(props: ButtonProps) {
  const { className, content, rest } = splitButtonLook(props);
  return (
    <AriaButton {...rest} className={className}>
      {content}
    </AriaButton>
  );
}
