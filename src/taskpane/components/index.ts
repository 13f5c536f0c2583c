// The pane's one component layer (Fluent 2 on our own tokens): import every control from here.
export { Button, type ButtonProps, type ButtonAppearance } from "./Button";
export {
  TextField,
  Dropdown,
  Combobox,
  type TextFieldProps,
  type DropdownProps,
  type ComboboxProps,
  type Option,
} from "./Field";
export { Checkbox, RadioGroup, type CheckboxProps, type RadioGroupProps } from "./Check";
export { MessageBar, type MessageBarProps, type MessageIntent } from "./MessageBar";
export { Spinner, ProgressBar, type SpinnerProps, type ProgressBarProps } from "./Progress";
export { Tabs, type TabsProps, type TabItem } from "./Tabs";
export { Tree, type TreeProps, type TreeNode } from "./Tree";
export { VirtualList, type VirtualListProps } from "./VirtualList";
export { Dialog, type DialogProps } from "./Dialog";
export { dismissPopovers } from "./popovers";
export { Icon, type IconName } from "./icons";
export { ThemeRoot, type ThemeRootProps } from "./ThemeRoot";
export { installComponentStyles } from "./styles";
export { themeFromOffice, contrastRatio, THEMES, type ThemeName, type OfficeThemeLike } from "./tokens";
