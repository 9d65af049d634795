# python-gitlab under `conformance certify-client` (the recipe's conftest.py): its usual calls on the
# seeded data (the current user, users listed, created and blocked by an administrator, a project's
# variables read, saved and created, broadcast messages, epics with labels), each test from the seeded
# state. The verdict judges every request they send. Run by recipe.test.ts:
#
#   npx conformance certify-client --data src/ecosystem/python-gitlab-certify-client/seed.json -- \
#     /usr/bin/python3 -m pytest -v -p no:cacheprovider src/ecosystem/python-gitlab-certify-client
import gitlab
import pytest


def test_the_seeded_user_and_token_answer(gitlab_url):
    gl = gitlab.Gitlab(gitlab_url, private_token="amy-token-1234")
    gl.auth()
    assert gl.user.username == "amy"
    assert gl.projects.get("acme/cli").path_with_namespace == "acme/cli"


@pytest.mark.parametrize("round", [1, 2])
def test_an_administrator_lists_creates_and_blocks_users(gitlab_url, admin_token, round):
    admin = gitlab.Gitlab(gitlab_url, private_token=admin_token)
    # As seeded, whatever the round before did.
    assert [u.username for u in admin.users.list(username="carol")] == []
    assert sorted(u.username for u in admin.users.list(get_all=True, per_page=100)) == ["amy", "bob", "root"]
    carol = admin.users.create({"email": "carol@example.com", "username": "carol", "name": "Carol", "password": "S3cure-enough-pw!"})
    carol.block()
    assert admin.users.get(carol.id).state == "blocked"


def test_a_variable_is_read_saved_and_created(gitlab_url):
    project = gitlab.Gitlab(gitlab_url, private_token="amy-token-1234").projects.get("acme/cli")
    variable = project.variables.get("DEPLOY_ENV")
    assert variable.value == "staging"
    variable.value = "production"
    variable.save()
    project.variables.create({"key": "REGION", "value": "eu"})
    assert sorted((v.key, v.value) for v in project.variables.list()) == [("DEPLOY_ENV", "production"), ("REGION", "eu")]


def test_broadcast_messages_are_created_updated_and_deleted(gitlab_url, admin_token):
    admin = gitlab.Gitlab(gitlab_url, private_token=admin_token)
    message = admin.broadcastmessages.create({"message": "Maintenance at noon"})
    message.message = "Maintenance at one"
    message.save()
    assert [m.message for m in admin.broadcastmessages.list()] == ["Maintenance at one"]
    message.delete()


def test_an_epic_is_created_with_labels_and_listed(gitlab_url):
    group = gitlab.Gitlab(gitlab_url, private_token="amy-token-1234").groups.get("acme")
    epic = group.epics.create({"title": "Faster CI", "labels": ["ci", "speed"]})
    epic.labels = ["ci"]
    epic.save()
    assert [e.title for e in group.epics.list(state="opened")] == ["Faster CI"]
