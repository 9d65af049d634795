# pytest recipe: the conformance kit's reference server as the GitLab of a client's tests.
# One server for the session (`npx conformance serve --port 0 --data FILE`), its URL read from the
# ready line on stdout, reset over HTTP before each test, stopped at the end. docs/reference-server.md
# shows this file as the recipe; src/ecosystem/python-gitlab/recipe.test.ts runs it.
#
#   def test_me(gitlab_url):
#       gl = gitlab.Gitlab(gitlab_url, private_token="amy-token-1234")
import json
import os
import re
import shlex
import signal
import subprocess

import pytest
import requests

ADMIN_TOKEN = "admin-token-for-tests"
SEED = {
    "users": [
        {"username": "amy", "tokens": [{"token": "amy-token-1234", "scopes": ["api"]}]},
        {"username": "bob", "tokens": [{"token": "bob-token-1234", "scopes": ["read_api"]}]},
    ],
    "groups": [{"path": "acme"}],
    "projects": [{"path": "cli", "namespace": "acme"}],
    "members": [{"user": "amy", "group": "acme", "access_level": 40}],
    "variables": [{"project": "acme/cli", "key": "DEPLOY_ENV", "value": "staging"}],
}
# A quarter of GET /users/:id answers 429 (Retry-After: 1); every GET of a project's variables answers 500.
OPS_FAULTS = "429=1@GET /users/:id:0.25,500@GET /projects/:id/variables"
SERVE = shlex.split(os.environ.get("CONFORMANCE_SERVE", "npx conformance serve"))


@pytest.fixture(scope="session")
def gitlab_url(tmp_path_factory):
    seed = tmp_path_factory.mktemp("reference") / "seed.json"
    seed.write_text(json.dumps(SEED))
    server = subprocess.Popen(
        [*SERVE, "--port", "0", "--admin-token", ADMIN_TOKEN, "--data", str(seed), "--ops-faults", OPS_FAULTS],
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group: npx does not pass a signal on to the server
    )
    # "Reference server listening on http://127.0.0.1:PORT (API at http://127.0.0.1:PORT/api/v4)"
    ready = server.stdout.readline()
    found = re.search(r"listening on (http://\S+)", ready)
    if not found:
        os.killpg(server.pid, signal.SIGKILL)
        pytest.fail(f"the reference did not start: {ready!r}")
    yield found.group(1)
    os.killpg(server.pid, signal.SIGTERM)
    server.wait(timeout=10)


@pytest.fixture(autouse=True)
def reset(gitlab_url):
    """Every test starts from the seeded state: rows, id sequences, clock."""
    answer = requests.post(f"{gitlab_url}/-/reference/reset", headers={"PRIVATE-TOKEN": ADMIN_TOKEN}, timeout=10)
    answer.raise_for_status()
