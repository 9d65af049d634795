# python-gitlab against the reference started by conftest.py (the pytest recipe): the seeded user
# and token answer, a reset between tests leaves no trace of the one before (the two rounds change
# the same state and each finds it as seeded), python-gitlab retries the operational 429 fault and
# raises on the 500 one. Run by recipe.test.ts:
#
#   /usr/bin/python3 -m pytest -v -p no:cacheprovider src/ecosystem/python-gitlab/test_recipe.py
import time

import gitlab
import pytest
import requests

from conftest import ADMIN_TOKEN


def client(url, token, session=None):
    return gitlab.Gitlab(url, private_token=token, session=session)


def test_the_seeded_user_and_token_answer(gitlab_url):
    gl = client(gitlab_url, "amy-token-1234")
    gl.auth()
    assert gl.user.username == "amy"
    project = gl.projects.get("acme/cli")
    assert project.path_with_namespace == "acme/cli"
    assert [m.username for m in gl.groups.get("acme").members.list()] == ["amy"]


@pytest.mark.parametrize("round", [1, 2])
def test_a_reset_leaves_no_trace_of_the_test_before(gitlab_url, round):
    admin = client(gitlab_url, ADMIN_TOKEN)
    amy = client(gitlab_url, "amy-token-1234")
    # As seeded, whatever ran before: bob is there, amy has no project "scratch".
    (bob,) = admin.users.list(username="bob")
    assert [p.path for p in amy.projects.list(owned=True)] == []
    # Changes: a project (the id sequence restarts after a reset), bob deleted.
    assert amy.projects.create({"name": "scratch"}).id == 2
    admin.users.delete(bob.id)
    with pytest.raises(gitlab.exceptions.GitlabAuthenticationError):
        client(gitlab_url, "bob-token-1234").auth()


def test_a_throttled_request_is_retried_until_answered(gitlab_url):
    statuses = []
    session = requests.Session()
    session.hooks["response"].append(lambda answer, *args, **kwargs: statuses.append(answer.status_code))
    admin = client(gitlab_url, ADMIN_TOKEN, session)
    (amy,) = admin.users.list(username="amy")
    statuses.clear()
    started = time.monotonic()
    # The fault's draws are seeded and restart at each reset: these ten calls meet the same 429s every run.
    for _ in range(10):
        assert admin.users.get(amy.id).username == "amy"
    # python-gitlab waited Retry-After (1 s) after each 429 and asked again, until the ten answers came.
    throttled = statuses.count(429)
    assert throttled > 0
    assert statuses.count(200) == 10
    assert len(statuses) == 10 + throttled
    assert time.monotonic() - started >= throttled


def test_a_server_error_is_raised(gitlab_url):
    project = client(gitlab_url, "amy-token-1234").projects.get("acme/cli", lazy=True)
    with pytest.raises(gitlab.exceptions.GitlabListError) as raised:
        project.variables.list()
    assert raised.value.response_code == 500
