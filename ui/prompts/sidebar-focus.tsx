// The phone's sidebar drawer (docs/UI.md, Accessibility): while it is open focus moves into it, Tab
// and Shift+Tab cycle inside, and focus goes back to the menu button when it closes (Esc, the
// overlay or a choice close it). Draws nothing: the drawer itself is the layout's sidebar.
import { useRef } from 'react';
import { useModalFocus } from './modal-focus';

export default function SidebarFocus() {
  const drawer = useRef(document.querySelector<HTMLElement>('.sidebar'));
  useModalFocus(drawer, '.sidebar-item');
  return null;
}
