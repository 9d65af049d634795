# python-gitlab's calls its own functional tests make beyond the spec, and its usual writes, against
# the reference in strict mode (issue 35, part 6): the fixture surface python-gitlab 3.12's API tests
# need (GET /groups/:id/descendant_groups, DELETE /projects/:id/members/:user_id and its group twin),
# an epic created and updated with labels as a list, and a variable saved with var.save() (which
# sends the path's key in the body). The server runs with --strict; at its close the fixture reads
# the client report and fails the run if the judge found anything. Run by client-surface.test.ts:
#
#   CLIENT_REPORT=/tmp/x/client-report /usr/bin/python3 -m pytest -v -p no:cacheprovider \
#     src/ecosystem/python-gitlab/test_client_surface.py
import json
import os
import re
import signal
import subprocess
import time

import gitlab
import pytest

from conftest import ADMIN_TOKEN, SERVE

SEED = {
    "users": [
        {"username": "amy", "tokens": [{"token": "amy-token-1234", "scopes": ["api"]}]},
        {"username": "bob", "tokens": [{"token": "bob-token-1234", "scopes": ["api"]}]},
    ],
    "groups": [{"path": "acme"}, {"path": "tools", "parent": "acme"}, {"path": "deep", "parent": "acme/tools"}],
    "projects": [{"path": "cli", "namespace": "acme"}],
    "members": [
        {"user": "amy", "group": "acme", "access_level": 50},
        {"user": "bob", "group": "acme", "access_level": 30},
        {"user": "bob", "project": "acme/cli", "access_level": 30},
    ],
    "variables": [{"project": "acme/cli", "key": "DEPLOY_ENV", "value": "staging"}],
}


@pytest.fixture(scope="module")
def gitlab_url(tmp_path_factory):
    """The conftest's server, with --strict: replaces its gitlab_url here (its reset fixture resets this one)."""
    folder = tmp_path_factory.mktemp("strict")
    seed = folder / "seed.json"
    seed.write_text(json.dumps(SEED))
    report = os.environ.get("CLIENT_REPORT") or str(folder / "client-report")
    server = subprocess.Popen(
        [*SERVE, "--port", "0", "--admin-token", ADMIN_TOKEN, "--data", str(seed), "--strict", "--client-report", report],
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    found = re.search(r"listening on (http://\S+)", server.stdout.readline())
    if not found:
        os.killpg(server.pid, signal.SIGKILL)
        pytest.fail("the reference did not start")
    yield found.group(1)
    os.killpg(server.pid, signal.SIGTERM)
    server.wait(timeout=10)
    # npx may end before the server it started, which writes the report as it closes: wait for the whole group.
    until = time.monotonic() + 20
    while group_alive(server.pid) and time.monotonic() < until:
        time.sleep(0.05)
    with open(f"{report}.json") as written:
        findings = json.load(written)["findings"]
    assert findings == [], f"strict mode found: {findings}"


def group_alive(pgid):
    try:
        os.killpg(pgid, 0)
        return True
    except ProcessLookupError:
        return False


def admin(url):
    return gitlab.Gitlab(url, private_token=ADMIN_TOKEN)


def test_descendant_groups_lists_every_depth(gitlab_url):
    group = admin(gitlab_url).groups.get("acme")
    assert sorted(g.full_path for g in group.descendant_groups.list()) == ["acme/tools", "acme/tools/deep"]


def test_a_project_member_is_deleted(gitlab_url):
    gl = admin(gitlab_url)
    project = gl.projects.get("acme/cli")
    (bob,) = gl.users.list(username="bob")
    assert bob.id in [m.id for m in project.members.list()]
    project.members.delete(bob.id)
    assert bob.id not in [m.id for m in project.members.list()]
    with pytest.raises(gitlab.exceptions.GitlabDeleteError) as raised:
        project.members.delete(bob.id)
    assert raised.value.response_code == 404


def test_a_group_member_is_deleted(gitlab_url):
    gl = admin(gitlab_url)
    group = gl.groups.get("acme")
    (bob,) = gl.users.list(username="bob")
    group.members.delete(bob.id)
    assert [m.username for m in group.members.list()] == ["amy"]


def test_an_epic_with_labels_as_a_list(gitlab_url):
    group = gitlab.Gitlab(gitlab_url, private_token="amy-token-1234").groups.get("acme")
    epic = group.epics.create({"title": "Roadmap", "labels": ["backend", "q3"]})
    assert sorted(epic.labels) == ["backend", "q3"]
    epic.labels = ["backend"]
    epic.save()
    assert group.epics.get(epic.iid).labels == ["backend"]
    assert [e.iid for e in group.epics.list(labels=["backend"])] == [epic.iid]


def test_a_variable_is_saved(gitlab_url):
    project = admin(gitlab_url).projects.get("acme/cli")
    variable = project.variables.get("DEPLOY_ENV")
    variable.value = "production"
    variable.save()
    assert project.variables.get("DEPLOY_ENV").value == "production"
