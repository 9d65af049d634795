// go-gitlab against the reference started by main_test.go (the Go recipe): the seeded user and
// token answer, a reset between rounds leaves no trace of the round before (both change the same
// state and each finds it as seeded), go-gitlab retries the operational 429 faults (waiting a
// RateLimit-Reset; it does not read Retry-After) and reports the 500 one. Run by recipe.test.ts:
//
//	GO111MODULE=off GOPATH=$(mktemp -d):/usr/share/gocode go test -v -count=1 ./src/ecosystem/go-gitlab
package client_test

import (
	"errors"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/xanzy/go-gitlab"
)

// statuses records the status of every answer a client gets, its retries included, but not the one
// to go-gitlab's first request (GET /api/v4/, where it looks for a RateLimit-Limit header).
type statuses []int

func (seen *statuses) RoundTrip(request *http.Request) (*http.Response, error) {
	answer, err := http.DefaultTransport.RoundTrip(request)
	if err == nil && request.URL.Path != "/api/v4/" {
		*seen = append(*seen, answer.StatusCode)
	}
	return answer, err
}

func (seen statuses) count(status int) (n int) {
	for _, s := range seen {
		if s == status {
			n++
		}
	}
	return n
}

func client(t *testing.T, token string, options ...gitlab.ClientOptionFunc) *gitlab.Client {
	c, err := gitlab.NewClient(token, append([]gitlab.ClientOptionFunc{gitlab.WithBaseURL(gitlabURL)}, options...)...)
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
	if project := must(amy.Projects.GetProject("acme/cli", nil))(t); project.PathWithNamespace != "acme/cli" {
		t.Fatalf("project acme/cli is %q", project.PathWithNamespace)
	}
	members := must(amy.Groups.ListGroupMembers("acme", nil))(t)
	if len(members) != 1 || members[0].Username != "amy" {
		t.Fatalf("acme's members are %v, not amy alone", members)
	}
}

func TestAResetLeavesNoTraceOfTheRoundBefore(t *testing.T) {
	for round := 1; round <= 2; round++ {
		t.Run(fmt.Sprint("round", round), func(t *testing.T) {
			reset(t)
			admin, amy := client(t, adminToken), client(t, "amy-token-1234")
			// As seeded, whatever ran before: bob is there, amy owns no project.
			bob := must(admin.Users.ListUsers(&gitlab.ListUsersOptions{Username: gitlab.String("bob")}))(t)
			if len(bob) != 1 {
				t.Fatalf("%d users named bob", len(bob))
			}
			if owned := must(amy.Projects.ListProjects(&gitlab.ListProjectsOptions{Owned: gitlab.Bool(true)}))(t); len(owned) != 0 {
				t.Fatalf("amy owns %d projects before creating one", len(owned))
			}
			// Changes: a project (the id sequence restarts after a reset), bob deleted.
			scratch := must(amy.Projects.CreateProject(&gitlab.CreateProjectOptions{Name: gitlab.String("scratch")}))(t)
			if scratch.ID != 2 {
				t.Fatalf("the new project's id is %d, not 2", scratch.ID)
			}
			if _, err := admin.Users.DeleteUser(bob[0].ID); err != nil {
				t.Fatal(err)
			}
			if _, answer, _ := client(t, "bob-token-1234").Users.CurrentUser(); answer == nil || answer.StatusCode != 401 {
				t.Fatalf("bob's token after his deletion: %v", answer)
			}
		})
	}
}

// throttled asks n times through a client that records every answer; it returns the answers and the time taken.
func throttled(t *testing.T, n int, ask func(*gitlab.Client) error) (statuses, time.Duration) {
	reset(t) // the fault's draws are seeded and restart at each reset: the same 429s every run
	var seen statuses
	admin := client(t, adminToken, gitlab.WithHTTPClient(&http.Client{Transport: &seen}))
	started := time.Now()
	for i := 0; i < n; i++ {
		if err := ask(admin); err != nil {
			t.Fatal(err)
		}
	}
	if seen.count(429) == 0 || seen.count(200) != n || len(seen) != n+seen.count(429) {
		t.Fatalf("answers %v: not %d 200s after some 429s retried", seen, n)
	}
	return seen, time.Since(started)
}

func TestAThrottledRequestIsRetriedUntilAnswered(t *testing.T) {
	// Retry-After: 1 on GET /users/:id; go-gitlab asks again after its own 100–400 ms.
	throttled(t, 10, func(admin *gitlab.Client) error {
		user, _, err := admin.Users.GetUser(1, gitlab.GetUsersOptions{})
		if err == nil && user.Username != "root" {
			err = fmt.Errorf("user 1 is %q", user.Username)
		}
		return err
	})
}

func TestARateLimitResetIsWaited(t *testing.T) {
	// RateLimit-Reset a second ahead on GET /groups/:id: go-gitlab waits until then before asking again.
	seen, took := throttled(t, 5, func(admin *gitlab.Client) error {
		_, _, err := admin.Groups.GetGroup("acme", nil)
		return err
	})
	if wanted := time.Duration(seen.count(429)) * time.Second; took < wanted {
		t.Fatalf("%d 429s waited %v in all, less than %v", seen.count(429), took, wanted)
	}
}

func TestAServerErrorIsReported(t *testing.T) {
	reset(t)
	var seen statuses
	// go-gitlab retries a 5xx five times, 0.7–0.9 s times the attempt apart (about 12 s): shortened here.
	quick := func(time.Duration, time.Duration, int, *http.Response) time.Duration { return 10 * time.Millisecond }
	amy := client(t, "amy-token-1234", gitlab.WithHTTPClient(&http.Client{Transport: &seen}), gitlab.WithCustomBackoff(quick))
	_, _, err := amy.ProjectVariables.ListVariables("acme/cli", nil)
	var reported *gitlab.ErrorResponse
	if !errors.As(err, &reported) || reported.Response.StatusCode != 500 {
		t.Fatalf("listing the variables: %v, not the 500 reported", err)
	}
	if len(seen) < 2 || seen.count(500) != len(seen) {
		t.Fatalf("answers %v: not a 500 retried, then reported", seen)
	}
}
