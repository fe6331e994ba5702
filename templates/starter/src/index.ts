export { Badge, type BadgeProps } from './components/Badge';
export { Button, type ButtonProps } from './components/Button';
export { Card, type CardProps } from './components/Card';
export { Checkbox, type CheckboxProps } from './components/Checkbox';
export { Dialog, type DialogProps } from './components/Dialog';
export { IconButton, type IconButtonProps } from './components/IconButton';
export { Tabs, type TabItem, type TabsProps } from './components/Tabs';
export { TextField, type TextFieldProps } from './components/TextField';
