/** This device's Web Push subscription; filled in with the push reminders. */
export function PushDevice() {
  return null;
}
