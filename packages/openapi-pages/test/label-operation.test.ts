import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { labelOperation, untitledOperationLabel } from '../src/index.js';

const full = { summary: 'List users', operationId: 'listUsers', method: 'get', path: '/users' };

test('should use the summary first', () => {
  assert.is(labelOperation(full), 'List users');
});

test('should trim the summary and collapse inner whitespace', () => {
  assert.is(labelOperation({ ...full, summary: '  List\n  all   users \n' }), 'List all users');
});

test('should fall back to the operationId without a summary', () => {
  assert.is(labelOperation({ ...full, summary: undefined }), 'listUsers');
  assert.is(labelOperation({ ...full, summary: null }), 'listUsers');
  assert.is(labelOperation({ ...full, summary: '' }), 'listUsers');
});

test('should fall back to the operationId for a whitespace-only summary', () => {
  assert.is(labelOperation({ ...full, summary: ' \n\t ' }), 'listUsers');
});

test('should fall back to METHOD path without summary and operationId', () => {
  assert.is(labelOperation({ method: 'get', path: '/users/{id}' }), 'GET /users/{id}');
  assert.is(labelOperation({ summary: ' ', operationId: ' ', method: 'Post', path: '/a' }), 'POST /a');
});

test('should trim method and path', () => {
  assert.is(labelOperation({ method: ' delete ', path: ' /users/{id} ' }), 'DELETE /users/{id}');
});

test('should use the generic label without a path', () => {
  assert.is(labelOperation({ method: 'get' }), 'Untitled operation');
  assert.is(labelOperation({ method: 'get', path: '  ' }), untitledOperationLabel);
});

test('should use the generic label without a method', () => {
  assert.is(labelOperation({ method: '', path: '/users' }), 'Untitled operation');
});

test('should skip fields that are not strings (untrusted specs)', () => {
  const hostile = { summary: 42, operationId: ['x'], method: 'get', path: '/a' } as unknown;
  assert.is(labelOperation(hostile as Parameters<typeof labelOperation>[0]), 'GET /a');
});

test('should return the label text as is (escaping is the renderer’s job)', () => {
  assert.is(labelOperation({ ...full, summary: '<b>Users</b>' }), '<b>Users</b>');
});

test.run();
