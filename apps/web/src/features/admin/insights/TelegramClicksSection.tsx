import { ClicksView } from './ClicksSection.tsx';

/** /telegram-clicks: the clicks of the chat-bot links. */
export default function TelegramClicksSection() {
  return <ClicksView kind="bot" />;
}
