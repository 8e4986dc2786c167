import { useEffect, useRef } from 'react';
import { acceleratorLabel, commandById, COMMANDS, matchesAccelerator, type CommandId, type CommandPlatform } from '../../shared/commands';
import { getBridge } from './bridge';

// Runs the registry's commands in the renderer. Screens register what a command does
// while they are shown; the keyboard (and, in Electron, the native menu) only names the
// command. Commands with an Electron role (copy, zoom...) are left to the platform.

type Handler = () => void;
const handlers = new Map<CommandId, Handler[]>();

/** The most recently shown screen that handles `id` wins. */
export function runCommand(id: CommandId): boolean {
  const handler = handlers.get(id)?.at(-1);
  if (!handler) return false;
  handler();
  return true;
}

export function useCommandHandler(id: CommandId, handler: Handler, enabled = true): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!enabled) return;
    const run: Handler = () => latest.current();
    const list = handlers.get(id) ?? [];
    handlers.set(id, [...list, run]);
    return () => {
      handlers.set(id, (handlers.get(id) ?? []).filter((h) => h !== run));
    };
  }, [id, enabled]);
}

/**
 * Registers one screen's commands at once. `ids` is the screen's exported list (what the
 * registry coverage test reads) and `run` must have a handler for each of them, so the
 * list and what the screen does cannot drift apart.
 */
export function useCommandHandlers<Id extends CommandId>(ids: readonly Id[], run: Record<Id, Handler>, enabled: Partial<Record<Id, boolean>> | boolean = true): void {
  const latest = useRef(run);
  latest.current = run;
  const isOn = (id: Id) => (typeof enabled === 'boolean' ? enabled : enabled[id] ?? true);
  const onKey = ids.map((id) => (isOn(id) ? '1' : '0')).join('');
  useEffect(() => {
    const registered: Array<[Id, Handler]> = [];
    ids.forEach((id, index) => {
      if (onKey[index] !== '1') return;
      const handler: Handler = () => latest.current[id]();
      handlers.set(id, [...(handlers.get(id) ?? []), handler]);
      registered.push([id, handler]);
    });
    return () => {
      for (const [id, handler] of registered) handlers.set(id, (handlers.get(id) ?? []).filter((h) => h !== handler));
    };
  }, [ids, onKey]);
}

export function currentPlatform(): CommandPlatform {
  return /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent) ? 'mac' : 'other';
}

/** A command's shortcut as this platform writes it, for tooltips ('' when it has none). */
export function shortcutLabel(id: CommandId): string {
  const { accelerator } = commandById(id);
  return accelerator ? acceleratorLabel(accelerator, currentPlatform()) : '';
}

const KEYBOARD_COMMANDS = COMMANDS.filter((c) => 'accelerator' in c && !('role' in c));

/**
 * Runs the registry's commands from the keyboard, or, where a native menu owns the
 * shortcuts (Electron), from the menu's command events, so a key never runs twice.
 */
export function installCommandSources(target: Window = window): () => void {
  const bridge = getBridge();
  if (bridge.nativeMenu) {
    return bridge.on('app.command', ({ id }) => {
      if (COMMANDS.some((c) => c.id === id)) runCommand(id as CommandId);
    });
  }
  const platform = currentPlatform();
  const onKeyDown = (event: KeyboardEvent) => {
    for (const command of KEYBOARD_COMMANDS) {
      if (!('accelerator' in command) || !matchesAccelerator(command.accelerator, event, platform)) continue;
      if (runCommand(command.id)) {
        event.preventDefault();
        event.stopPropagation();
      }
      return;
    }
  };
  target.addEventListener('keydown', onKeyDown, true);
  return () => target.removeEventListener('keydown', onKeyDown, true);
}
