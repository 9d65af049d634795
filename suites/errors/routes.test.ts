/**
 * Error statuses and bodies that any resource exercises: unknown route, missing resource,
 * unsupported method, missing required attribute.
 */
import { describe } from 'vitest';
import { check, clauseTest } from '../../src/kit/index.ts';
import { OTHER_METHOD_PATHS, otherMethodsOf } from './other-methods.ts';

describe.concurrent('error statuses and bodies', () => {
  clauseTest('errors.unknown_route.status', 'GET /api/v4/no_such_resource answers 404', async ({ s }) => {
    check.status(await s.admin.get('/no_such_resource'), 404);
  });

  clauseTest('errors.unknown_route.body', 'the unknown-route 404 body is {"error": "404 Not Found"}', async ({ s }) => {
    const res = await s.admin.get('/no_such_resource');
    check.status(res, 404);
    check.errorBody(res, 'error.route');
  });

  clauseTest('errors.not_found.resource', 'GET of a broadcast message that does not exist answers 404', async ({ s }) => {
    const created = await s.admin.post('/broadcast_messages', {
      json: {
        message: s.name('gone'),
        target_path: s.hiddenTargetPath(),
        starts_at: '2099-01-01T00:00:00.000Z',
        ends_at: '2099-01-02T00:00:00.000Z',
      },
    });
    s.track(created, 'broadcast_message');
    check.status(created, 201);
    check.status(await s.admin.delete(`/broadcast_messages/${created.json.id}`), 204);
    check.status(await s.admin.get(`/broadcast_messages/${created.json.id}`), 404, 'A deleted id MUST answer 404.');
    check.status(await s.admin.get('/broadcast_messages/999999999'), 404, 'GET /broadcast_messages/999999999 MUST answer 404.');
  });

  clauseTest('errors.method.not_allowed', 'PATCH on /broadcast_messages, a path served for GET and POST, answers 405', async ({ s }) => {
    check.status(await s.admin.patch('/broadcast_messages', { json: { message: 'x' } }), 405);
  });

  clauseTest(
    'errors.method.not_allowed',
    'every other method an HTTP server can receive (QUERY, TRACE, PROPFIND, M-SEARCH ...) on /broadcast_messages, /user and /user_counts answers 405',
    async ({ s }) => {
      for (const [path, served] of OTHER_METHOD_PATHS) {
        for (const method of otherMethodsOf(served)) {
          const res = await s.admin.request(method, path);
          check.status(
            res,
            405,
            `${method} ${path}, a path served for ${served.join(' and ')} only, MUST answer 405 (method not supported).`,
          );
        }
      }
    },
  );

  clauseTest('errors.missing_attr.status', 'POST /broadcast_messages without its required message answers 400', async ({ s }) => {
    const res = await s.admin.post('/broadcast_messages', { json: { target_path: s.hiddenTargetPath() } });
    s.track(res, 'broadcast_message');
    check.status(res, 400);
  });

  clauseTest(
    'errors.missing_attr.message_string',
    'the missing-attribute 400 body has message as a string naming the attribute',
    async ({ s }) => {
      const res = await s.admin.post('/broadcast_messages', { json: { target_path: s.hiddenTargetPath() } });
      s.track(res, 'broadcast_message');
      check.status(res, 400);
      // The attribute is itself called "message": the text must name it, beyond the key.
      check.missingAttributeBody(res, 'message');
    },
  );
});
