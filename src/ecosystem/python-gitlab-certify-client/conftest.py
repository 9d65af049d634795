# pytest recipe for `conformance certify-client`: the kit starts its strict reference, runs this suite
# against it and judges every request python-gitlab sends (unknown parameters, wrong types, a token in
# the query...). The server and an administrator's token come from the environment; each test starts
# from the seeded state. docs/certify-client.md shows this file as the recipe;
# src/ecosystem/python-gitlab-certify-client/recipe.test.ts runs it:
#
#   npx conformance certify-client --data seed.json -- python3 -m pytest tests
import os

import pytest
import requests


@pytest.fixture(scope="session")
def gitlab_url():
    """The server root certify-client started (gitlab.Gitlab takes it as it is)."""
    url = os.environ.get("CONFORMANCE_CLIENT_URL")
    if not url:
        pytest.exit("run this suite under: npx conformance certify-client --data seed.json -- python3 -m pytest", returncode=2)
    return url


@pytest.fixture(scope="session")
def admin_token():
    """An administrator's token on that server."""
    return os.environ["CONFORMANCE_CLIENT_TOKEN"]


@pytest.fixture(autouse=True)
def reset(gitlab_url, admin_token):
    """Every test starts from the seeded state (certify-client --data FILE): rows, id sequences, clock."""
    answer = requests.post(f"{gitlab_url}/-/reference/reset", headers={"PRIVATE-TOKEN": admin_token}, timeout=10)
    answer.raise_for_status()
