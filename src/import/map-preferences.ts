// The pieces File Browser's users and its new-user defaults share: preferences, commands, rules.
import { isRefusedCommand } from '../commands/command-allow-list';
import type { Rule } from '../api/rules';
import { compileRuleRegex } from '../rules/rules';
import type { Permissions, Sorting, UserPreferences, ViewMode } from '../users/user';
import { permissionNames } from '../users/user';
import type { Fields, RawRecord } from './filebrowser-data';
import { fieldsOf } from './filebrowser-data';

const viewModes: readonly ViewMode[] = ['list', 'mosaic', 'mosaic gallery'];
const sortKeys: readonly Sorting['by'][] = ['name', 'size', 'modified'];

/** Everything but the scope, which users and defaults treat differently. */
export function mapPreferences(
  fields: Fields,
  where: string,
  notes: string[],
): Omit<UserPreferences, 'scope'> {
  const viewMode = fields.string('viewMode');
  // File Browser shows an empty view mode as a list, and sorts by name when none is set.
  if (viewMode !== '' && !viewModes.includes(viewMode as ViewMode))
    notes.push(`${where}: view mode "${viewMode}" is not one Drawer has; it shows a list`);
  const sorting = fieldsOf(fields.object('sorting'), `${where}: sorting`, notes);
  const by = sorting.string('by');
  if (by !== '' && !sortKeys.includes(by as Sorting['by']))
    notes.push(`${where}: sorting by "${by}" is not one Drawer has; it sorts by name`);
  return {
    locale: fields.string('locale'),
    viewMode: viewModes.includes(viewMode as ViewMode) ? (viewMode as ViewMode) : 'list',
    singleClick: fields.boolean('singleClick'),
    redirectAfterCopyMove: fields.boolean('redirectAfterCopyMove'),
    sorting: {
      by: sortKeys.includes(by as Sorting['by']) ? (by as Sorting['by']) : 'name',
      asc: sorting.boolean('asc'),
    },
    perm: mapPermissions(fieldsOf(fields.object('perm'), `${where}: perm`, notes)),
    commands: mapCommands(fields.strings('commands'), where, notes),
    hideDotfiles: fields.boolean('hideDotfiles'),
    dateFormat: fields.boolean('dateFormat'),
    aceEditorTheme: fields.string('aceEditorTheme'),
    // Drawer's own preference: File Browser has none, and its listings never total folders.
    folderSizes: false,
  };
}

function mapPermissions(fields: Fields): Permissions {
  const perm = {} as Permissions;
  for (const name of permissionNames) perm[name] = fields.boolean(name);
  return perm;
}

/**
 * Drawer never allows a shell or a program that runs code from its arguments (see
 * src/commands/command-allow-list.ts): allowing one would allow everything. Those are dropped.
 */
function mapCommands(commands: string[], where: string, notes: string[]): string[] {
  const kept: string[] = [];
  for (const command of commands.map((word) => word.trim()).filter(Boolean)) {
    if (isRefusedCommand(command))
      notes.push(
        `${where}: command "${command}" is a shell or runs other programs, which Drawer never allows`,
      );
    else kept.push(command);
  }
  return kept;
}

/**
 * Rules as Drawer stores them. File Browser writes Go (RE2) expressions; one that JavaScript
 * cannot compile is kept when it denies, where Drawer fails closed (it then denies every path,
 * rather than opening what it hid), and dropped when it allows, where it would never match.
 */
export function mapRules(list: unknown[], where: string, notes: string[]): Rule[] {
  const rules: Rule[] = [];
  list.forEach((item, index) => {
    const at = `${where}: rule ${index + 1}`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      notes.push(`${at} is not an object`);
      return;
    }
    const fields = fieldsOf(item as RawRecord, at, notes);
    const regex = fields.boolean('regex');
    const raw = fields.has('regexp')
      ? fieldsOf(fields.object('regexp'), at, notes).string('raw')
      : undefined;
    const rule: Rule = {
      allow: fields.boolean('allow'),
      path: fields.string('path'),
      regex,
      regexp: raw === undefined ? null : { raw },
    };
    if (regex && (raw === undefined || compileRuleRegex(raw) === undefined)) {
      const shown = JSON.stringify(raw ?? '');
      if (rule.allow) {
        notes.push(`${at}: allow rule ${shown} is not an expression Drawer can read; dropped`);
        return;
      }
      notes.push(
        `${at}: deny rule ${shown} is not an expression Drawer can read; kept, so it denies every path until it is fixed`,
      );
    }
    rules.push(rule);
  });
  return rules;
}
