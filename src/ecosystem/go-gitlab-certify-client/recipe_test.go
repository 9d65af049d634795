// go-gitlab under `conformance certify-client` (the recipe's main_test.go): its usual calls on the
// seeded data (the current user; users listed, created and blocked by an administrator; a project's
// variables read, updated and created; broadcast messages; an epic with labels), each test from the
// seeded state. The verdict judges every request they send. Run by recipe.test.ts:
//
//	npx conformance certify-client --data testdata/seed.json -- go test -v -count=1 .
package client_test

import (
	"sort"
	"testing"

	"github.com/xanzy/go-gitlab"
)

func client(t *testing.T, token string) *gitlab.Client {
	c, err := gitlab.NewClient(token, gitlab.WithBaseURL(gitlabURL))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// must takes a client call's answer and, given the test, fails it at once on an error:
// must(amy.Users.CurrentUser())(t).
func must[T any](value T, _ *gitlab.Response, err error) func(*testing.T) T {
	return func(t *testing.T) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return value
	}
}

func TestTheSeededUserAndTokenAnswer(t *testing.T) {
	reset(t)
	amy := client(t, "amy-token-1234")
	if me := must(amy.Users.CurrentUser())(t); me.Username != "amy" {
		t.Fatalf("the token's user is %q, not amy", me.Username)
	}
}

func TestAnAdministratorListsCreatesAndBlocksUsers(t *testing.T) {
	for _, round := range []string{"round1", "round2"} {
		t.Run(round, func(t *testing.T) {
			reset(t)
			admin := client(t, adminToken)
			// As seeded, whatever the round before did.
			if found := must(admin.Users.ListUsers(&gitlab.ListUsersOptions{Username: gitlab.String("carol")}))(t); len(found) != 0 {
				t.Fatalf("carol is there before she is created: %v", found)
			}
			all := must(admin.Users.ListUsers(&gitlab.ListUsersOptions{ListOptions: gitlab.ListOptions{PerPage: 100}}))(t)
			names := []string{}
			for _, u := range all {
				names = append(names, u.Username)
			}
			sort.Strings(names)
			if len(names) != 3 || names[0] != "amy" || names[1] != "bob" || names[2] != "root" {
				t.Fatalf("the users are %v, not amy, bob and root", names)
			}
			carol := must(admin.Users.CreateUser(&gitlab.CreateUserOptions{
				Email:    gitlab.String("carol@example.com"),
				Username: gitlab.String("carol"),
				Name:     gitlab.String("Carol"),
				Password: gitlab.String("S3cure-enough-pw!"),
			}))(t)
			if err := admin.Users.BlockUser(carol.ID); err != nil {
				t.Fatal(err)
			}
			if state := must(admin.Users.GetUser(carol.ID, gitlab.GetUsersOptions{}))(t).State; state != "blocked" {
				t.Fatalf("carol is %q, not blocked", state)
			}
		})
	}
}

func TestAVariableIsReadUpdatedAndCreated(t *testing.T) {
	reset(t)
	amy := client(t, "amy-token-1234")
	if v := must(amy.ProjectVariables.GetVariable("acme/cli", "DEPLOY_ENV", nil))(t); v.Value != "staging" {
		t.Fatalf("DEPLOY_ENV is %q, not staging", v.Value)
	}
	must(amy.ProjectVariables.UpdateVariable("acme/cli", "DEPLOY_ENV", &gitlab.UpdateProjectVariableOptions{Value: gitlab.String("production")}))(t)
	must(amy.ProjectVariables.CreateVariable("acme/cli", &gitlab.CreateProjectVariableOptions{Key: gitlab.String("REGION"), Value: gitlab.String("eu")}))(t)
	if all := must(amy.ProjectVariables.ListVariables("acme/cli", nil))(t); len(all) != 2 {
		t.Fatalf("the project has %d variables, not 2", len(all))
	}
}

func TestBroadcastMessagesAreCreatedUpdatedAndDeleted(t *testing.T) {
	reset(t)
	admin := client(t, adminToken)
	message := must(admin.BroadcastMessage.CreateBroadcastMessage(&gitlab.CreateBroadcastMessageOptions{Message: gitlab.String("Maintenance at noon")}))(t)
	must(admin.BroadcastMessage.UpdateBroadcastMessage(message.ID, &gitlab.UpdateBroadcastMessageOptions{Message: gitlab.String("Maintenance at one")}))(t)
	if all := must(admin.BroadcastMessage.ListBroadcastMessages(nil))(t); len(all) != 1 || all[0].Message != "Maintenance at one" {
		t.Fatalf("the broadcast messages are %v", all)
	}
	if _, err := admin.BroadcastMessage.DeleteBroadcastMessage(message.ID); err != nil {
		t.Fatal(err)
	}
}

func TestAnEpicIsCreatedWithLabelsAndListed(t *testing.T) {
	reset(t)
	amy := client(t, "amy-token-1234")
	epic := must(amy.Epics.CreateEpic("acme", &gitlab.CreateEpicOptions{Title: gitlab.String("Faster CI"), Labels: &gitlab.Labels{"ci", "speed"}}))(t)
	must(amy.Epics.UpdateEpic("acme", epic.IID, &gitlab.UpdateEpicOptions{Labels: &gitlab.Labels{"ci"}}))(t)
	epics := must(amy.Epics.ListGroupEpics("acme", &gitlab.ListGroupEpicsOptions{State: gitlab.String("opened")}))(t)
	if len(epics) != 1 || epics[0].Title != "Faster CI" {
		t.Fatalf("acme's open epics are %v", epics)
	}
}
